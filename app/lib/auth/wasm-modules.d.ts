// A `.wasm` import is a compiled module in workerd (wrangler's CompiledWasm rule) and in the build and tests
// (vite-wasm-modules.ts).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

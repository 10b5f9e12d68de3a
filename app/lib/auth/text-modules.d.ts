// A `.txt` import is the file's text, a module of its own in the Worker (wrangler's Text rule) and a string module
// in the build's other targets, the tests and the scripts (vite-wasm-modules.ts, scripts/lib/wasm-modules.mjs).
declare module "*.txt" {
  const text: string;
  export default text;
}

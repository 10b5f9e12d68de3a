// `tsx --import ./scripts/lib/wasm-modules.mjs script.ts`: in Node scripts (the seed), a `.wasm` import is a compiled
// WebAssembly.Module, as in workerd (vite-wasm-modules.ts gives Vite the same rule).
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

if (!import.meta.url.includes("?hooks")) register(`${import.meta.url}?hooks`);

export async function load(url, context, nextLoad) {
  if (!new URL(url).pathname.endsWith(".wasm")) return nextLoad(url, context);
  const bytes = readFileSync(fileURLToPath(url)).toString("base64");
  return {
    format: "module",
    shortCircuit: true,
    source: `export default new WebAssembly.Module(Uint8Array.from(atob(${JSON.stringify(bytes)}), (c) => c.charCodeAt(0)));`,
  };
}

// `tsx --import ./scripts/lib/wasm-modules.mjs script.ts`: in Node scripts (the seed), a `.wasm` import is a compiled
// WebAssembly.Module and a `.txt` import a string, as in workerd (vite-wasm-modules.ts gives Vite the same rules).
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

if (!import.meta.url.includes("?hooks")) register(`${import.meta.url}?hooks`);

export async function load(url, context, nextLoad) {
  const { pathname } = new URL(url);
  // A `.txt` import is the file's text, as wrangler's Text rule gives it in workerd.
  if (pathname.endsWith(".txt")) {
    const text = JSON.stringify(readFileSync(fileURLToPath(url), "utf8"));
    return { format: "module", shortCircuit: true, source: `export default ${text};` };
  }
  if (!pathname.endsWith(".wasm")) return nextLoad(url, context);
  const bytes = readFileSync(fileURLToPath(url)).toString("base64");
  return {
    format: "module",
    shortCircuit: true,
    source: `export default new WebAssembly.Module(Uint8Array.from(atob(${JSON.stringify(bytes)}), (c) => c.charCodeAt(0)));`,
  };
}

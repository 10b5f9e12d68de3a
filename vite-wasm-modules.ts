import type { Plugin } from "vite";

// The vitest pool inlines every module it can, and hands workerd only the ids it takes for Node built-ins.
const WORKERD_IMPORT = "node:";

/**
 * A `.wasm` import is a compiled WebAssembly.Module, as workerd gives it (wrangler's default CompiledWasm rule):
 * workerd refuses to compile WebAssembly from bytes at run time, so argon2id must arrive this way (ADR 011).
 * Vite has no such loader, so:
 * - builds leave the import for wrangler, which bundles the file as a compiled module;
 * - in the vitest pool (`inWorkerd`), the import goes to workerd under a "node:" id, the one kind the pool does
 *   not inline, and workerd's module fallback (which loads `.wasm` files as CompiledWasm) gets the file's path;
 * - `remix vite:dev`, whose loaders run in Node, compiles the file's bytes itself.
 */
export function wasmModules({ inWorkerd = false }: { inWorkerd?: boolean } = {}): Plugin {
  let compileInNode = false;
  return {
    name: "nukkad:wasm-modules",
    enforce: "pre",
    configResolved(config) {
      compileInNode = config.command === "serve" && !inWorkerd;
    },
    async resolveId(source, importer, options) {
      if (!source.endsWith(".wasm")) return null;
      // workerd asks its module fallback for the "node:" id as a path relative to the importer.
      const workerdImport = source.indexOf(`${WORKERD_IMPORT}/`);
      if (inWorkerd && workerdImport >= 0) return source.slice(workerdImport + WORKERD_IMPORT.length);
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      if (compileInNode) return resolved.id;
      if (inWorkerd) return { id: `${WORKERD_IMPORT}${resolved.id}`, external: true };
      // A package path stays as written, for wrangler to find in node_modules wherever the build runs.
      return { id: source.startsWith(".") ? resolved.id : source, external: true };
    },
    load(id) {
      if (!compileInNode || !id.endsWith(".wasm")) return null;
      return `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(id)}));`;
    },
  };
}

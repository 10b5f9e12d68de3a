import { readFileSync } from "node:fs";
import type { Plugin, Rollup } from "vite";

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
  let build = false;
  return {
    name: "nukkad:wasm-modules",
    enforce: "pre",
    configResolved(config) {
      compileInNode = config.command === "serve" && !inWorkerd;
      build = config.command === "build";
    },
    async resolveId(source, importer, options) {
      if (source.endsWith(".txt")) return textModule.call(this, source, importer, options, build);
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
      if (id.endsWith(".txt")) return `export default ${JSON.stringify(readFileSync(id, "utf8"))};`;
      if (!compileInNode || !id.endsWith(".wasm")) return null;
      return `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(id)}));`;
    },
  };
}

/**
 * A `.txt` import (the common passwords, ADR 038) is the file's text. The server build leaves the import for
 * wrangler, whose Text rule makes the file a module of its own: imported with `import()`, workerd loads it only
 * when it is first needed, and the Worker's main module never carries it. Elsewhere (the browser build, the vitest
 * pool, `remix vite:dev`) it is a string module.
 */
async function textModule(
  this: Rollup.PluginContext,
  source: string,
  importer: string | undefined,
  options: { isEntry: boolean; ssr?: boolean },
  build: boolean,
) {
  const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
  if (!resolved) return null;
  // "absolute": Rollup would otherwise rewrite the path relative to the output, which no longer points at the file.
  return build && options.ssr ? { id: resolved.id, external: "absolute" as const } : resolved.id;
}

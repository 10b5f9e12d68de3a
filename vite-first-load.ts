import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin, Rollup } from "vite";

const FIRST_LOAD_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx(\?|$)/];
// The packages that change only with an upgrade: a chunk of their own stays cached while the app's code changes.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream|@lingui\/[^/]+)\//;

/**
 * What every page's first load runs, in two chunks rather than twenty (ADR 041): `framework` (React, the Remix
 * runtime, Lingui) and `layout` (root's own modules: the header, footer, tab bar, their icons and helpers). Left to
 * itself Rollup cuts a chunk wherever the sets of routes importing a module differ, and each of those small files
 * was a request and a gzip stream of its own. Only static imports count: what root loads lazily (sonner, the PWA
 * shell, the Menu sheet, the messages of a language switched to) keeps its own chunk, and what only routes import
 * stays with them. Rollup adds what a module here imports to the same chunk, barrel files included: hence
 * `lucideIconsOneByOne`, without which lucide-react's index would bring every icon any route uses.
 */
export function firstLoadChunks(): Plugin {
  return {
    name: "nukkad:first-load-chunks",
    apply: "build",
    config(_, { isSsrBuild }) {
      if (isSsrBuild) return undefined;
      let firstLoad: Set<string> | undefined;
      const manualChunks: Rollup.GetManualChunk = (id, meta) => {
        firstLoad ??= staticClosure(meta);
        if (!firstLoad.has(id) || FIRST_LOAD_ENTRIES.some((entry) => entry.test(id))) return undefined;
        return FRAMEWORK.test(id) || id.startsWith("\0") ? "framework" : "layout";
      };
      return { build: { rollupOptions: { output: { manualChunks } } } };
    },
  };
}

/** Every module the entry and root reach through static imports. */
function staticClosure({ getModuleIds, getModuleInfo }: Parameters<Rollup.GetManualChunk>[1]): Set<string> {
  const queue = [...getModuleIds()].filter(
    (id) => getModuleInfo(id)?.isEntry && FIRST_LOAD_ENTRIES.some((entry) => entry.test(id)),
  );
  const seen = new Set<string>();
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * `import { House } from "lucide-react"` becomes `import House from "lucide-react/icons/house"` in the build: the
 * index re-exports all ~1,700 icons, and a chunk that imports it takes in every icon some other chunk uses.
 */
export function lucideIconsOneByOne(): Plugin {
  let fileByName: Map<string, string> | undefined;
  return {
    name: "nukkad:lucide-icons-one-by-one",
    apply: "build",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes('"lucide-react"')) return undefined;
      fileByName ??= lucideIconFiles();
      const files = fileByName;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (_, specifiers: string) =>
        specifiers
          .split(",")
          .map((specifier) => specifier.trim())
          .filter(Boolean)
          .map((specifier) => {
            const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?];
            const file = files.get(name);
            if (!file) throw new Error(`${id}: lucide-react has no icon ${name}`);
            return `import ${local} from "lucide-react/icons/${file}";`;
          })
          .join("\n"),
      );
    },
  };
}

/** Icon name (and its aliases) -> file, read from the index's `export { default as House, … } from './icons/house.mjs'`. */
function lucideIconFiles(): Map<string, string> {
  const pkg = createRequire(import.meta.url).resolve("lucide-react/package.json");
  const index = readFileSync(join(dirname(pkg), "dist/esm/lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([^']+)\.mjs'/g,
  )) {
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1] as string, file);
  }
  return files;
}

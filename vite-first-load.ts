import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin, Rollup } from "vite";
import { SPRITE_ICONS, spriteSymbolId } from "./app/components/sprite-icons";
import type { IconShape } from "./app/components/svg-icon";

const FIRST_LOAD_FILE = /(^|\/)(framework|layout)-[\w-]+\.js$/;
const FIRST_LOAD_ENTRIES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx(\?|$)/];
// The packages that change only with an upgrade: a chunk of their own stays cached while the app's code changes.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

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
        if (id.startsWith(ICON_MODULE)) return "layout";
        return FRAMEWORK.test(id) || id.startsWith("\0") ? "framework" : "layout";
      };
      return {
        build: {
          rollupOptions: { output: { manualChunks } },
          // A lazy import's list of files to preload, less what it need not name: the chunk it imports (import()
          // fetches that at the same moment) and the two chunks every page has run already. Each name is bytes of
          // the chunk that holds the import, for most of them the first load.
          modulePreload: {
            resolveDependencies: (imported, deps) =>
              deps.filter((dep) => dep !== imported && !FIRST_LOAD_FILE.test(dep)),
          },
        },
      };
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

const ICON_IMPORT = "virtual:lucide-icon/";
const ICON_MODULE = "\0lucide-icon:";

/**
 * `import { House } from "lucide-react"` becomes `import House from "virtual:lucide-icon/house"`, a module that draws
 * lucide's house with the app's own few lines (`svgIcon`, ADR 057) from the shapes read out of lucide at build time.
 * One by one, because the index re-exports all ~1,700 icons and a chunk that imports it takes in every icon some
 * other chunk uses; from data, because lucide-react's runtime around the shapes (context, forwardRef wrappers, an
 * attribute builder) was ~1.4 KB gzip on every page. Both builds do it, so the server's HTML is what the browser
 * draws. `npm run dev` keeps lucide-react itself: the same drawings, with lucide's class names.
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
          .filter((specifier) => specifier && !specifier.startsWith("type "))
          .map((specifier) => {
            const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?];
            const file = files.get(name);
            if (!file) throw new Error(`${id}: lucide-react has no icon ${name}`);
            return `import ${local} from "${ICON_IMPORT}${file}";`;
          })
          .join("\n"),
      );
    },
    resolveId(source) {
      return source.startsWith(ICON_IMPORT) ? ICON_MODULE + source.slice(ICON_IMPORT.length) : undefined;
    },
    async load(id) {
      if (!id.startsWith(ICON_MODULE)) return undefined;
      const file = id.slice(ICON_MODULE.length);
      // An icon every page draws has one shape: a <use> of the symbol the server wrote into the document (ADR 060).
      const shapes: IconShape[] = isSpriteIcon(file)
        ? [["use", { href: `#${spriteSymbolId(file)}` }]]
        : await lucideIconShapes(file);
      const svgIcon = fileURLToPath(new URL("./app/components/svg-icon.ts", import.meta.url));
      return `import { svgIcon } from ${JSON.stringify(svgIcon)};\nexport default svgIcon(${JSON.stringify(shapes)});\n`;
    },
  };
}

const isSpriteIcon = (file: string) => (SPRITE_ICONS as readonly string[]).includes(file);

const SPRITE_IMPORT = "virtual:lucide-icon-sprite";
const SPRITE_MODULE = "\0lucide-icon-sprite";

/**
 * `virtual:lucide-icon-sprite`: the `<symbol>`s of SPRITE_ICONS as one string of markup, for the server to write
 * into each document (IconSprite, ADR 060). In every build and in `npm run dev`, where the icons are lucide-react's
 * own and the sprite goes unused.
 */
export function lucideIconSprite(): Plugin {
  return {
    name: "nukkad:lucide-icon-sprite",
    resolveId: (source) => (source === SPRITE_IMPORT ? SPRITE_MODULE : undefined),
    async load(id) {
      if (id !== SPRITE_MODULE) return undefined;
      const symbols = await Promise.all(
        SPRITE_ICONS.map(async (file) => {
          const shapes = (await lucideIconShapes(file)).map(([tag, attributes]) => {
            const markup = Object.entries(attributes).map(
              ([name, value]) => ` ${name}="${escapeAttribute(value)}"`,
            );
            return `<${tag}${markup.join("")}/>`;
          });
          return `<symbol id="${spriteSymbolId(file)}" viewBox="0 0 24 24">${shapes.join("")}</symbol>`;
        }),
      );
      return `export default ${JSON.stringify(symbols.join(""))};\n`;
    },
  };
}

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An icon's shapes, from the `__iconData` its lucide-react module exports. */
async function lucideIconShapes(file: string): Promise<IconShape[]> {
  const path = createRequire(import.meta.url).resolve(`lucide-react/icons/${file}`);
  const { __iconData: icon } = (await import(pathToFileURL(path).href)) as {
    __iconData: { size?: number; node: [string, Record<string, string | number>][] };
  };
  // svgIcon draws on lucide's one grid; an icon drawn on another would come out scaled.
  if ((icon.size ?? 24) !== 24) throw new Error(`lucide's ${file} is drawn on a ${icon.size} grid, not 24`);
  // Keys are for lucide's array of children; svgIcon passes the shapes as arguments, which need none.
  return icon.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]);
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

// The folder rules of docs/architecture.md ("Folders"), checked by `npm run lint`:
// - an entity of app/models/ or app/components/ is one file or one folder, never both;
// - a folder app/models/<entity>/ has its named entry point <entity>/<entity>.server.ts (no index file), and code
//   outside the folder imports only that entry, so the folder's other files stay its own parts;
// - no source file under app/ is longer than MAX_LINES.
// Like check-import-rules.mjs, it first proves itself on a planted tree: a check that finds nothing on a clean tree
// could as well be a check that matches nothing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const MAX_LINES = 450;
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:from|import\()\s*"(~\/[^"]+)"/g;

/** @param {Record<string, string>} tree path under app/ -> source */
export function folderProblems(tree) {
  const problems = [];
  const paths = Object.keys(tree);
  const entityOf = (path) => path.replace(/\.(server\.)?(ts|tsx)$/, "");
  for (const root of ["models", "components"]) {
    const top = paths.filter((p) => p.startsWith(`${root}/`) && p.split("/").length === 2);
    const folders = new Set(
      paths.filter((p) => p.startsWith(`${root}/`) && p.split("/").length > 2).map((p) => p.split("/")[1]),
    );
    for (const file of top) {
      if (SOURCE.test(file) && !file.endsWith(".test.ts") && folders.has(entityOf(file).split("/")[1])) {
        problems.push(`${file}: ${root}/${entityOf(file).split("/")[1]}/ exists too; keep one`);
      }
    }
    if (root !== "models") continue;
    for (const folder of folders) {
      const entry = `models/${folder}/${folder}.server.ts`;
      if (!(entry in tree)) problems.push(`models/${folder}/: no named entry point ${entry}`);
      if (`models/${folder}/index.ts` in tree)
        problems.push(`models/${folder}/index.ts: name the entry ${entry}`);
    }
    for (const [path, source] of Object.entries(tree)) {
      for (const [, spec] of source.matchAll(IMPORT)) {
        const target = spec.slice(2).split("/");
        if (target[0] !== "models" || target.length < 3) continue;
        const folder = target[1];
        const insideFolder = path.startsWith(`models/${folder}/`);
        if (!insideFolder && target.slice(2).join("/") !== `${folder}.server`) {
          problems.push(`${path}: imports ${spec}; import ~/models/${folder}/${folder}.server instead`);
        }
      }
    }
  }
  for (const [path, source] of Object.entries(tree)) {
    const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
    if (lines > MAX_LINES) problems.push(`${path}: ${lines} lines, over ${MAX_LINES}; split it`);
  }
  return problems.sort();
}

const planted = {
  "models/stall.server.ts": "export const a = 1;\n",
  "models/stall/list.server.ts": "export const b = 1;\n",
  "models/post/post.server.ts": 'export { c } from "./write.server";\n',
  "models/post/write.server.ts": 'import { b } from "~/models/stall/list.server";\nexport const c = b;\n',
  "models/reel/index.ts": "export {};\n",
  "components/map.tsx": "export {};\n",
  "components/map/pin.tsx": "export {};\n",
  "routes/feed.tsx":
    'import { c } from "~/models/post/post.server";\nimport { d } from "~/models/post/write.server";\n',
  "routes/long.tsx": "x\n".repeat(MAX_LINES + 1),
  "routes/fits.tsx": "x\n".repeat(MAX_LINES),
};
const expected = [
  "components/map.tsx: components/map/ exists too; keep one",
  "models/post/write.server.ts: imports ~/models/stall/list.server; import ~/models/stall/stall.server instead",
  "models/reel/: no named entry point models/reel/reel.server.ts",
  "models/reel/index.ts: name the entry models/reel/reel.server.ts",
  "models/stall.server.ts: models/stall/ exists too; keep one",
  "models/stall/: no named entry point models/stall/stall.server.ts",
  "routes/feed.tsx: imports ~/models/post/write.server; import ~/models/post/post.server instead",
  `routes/long.tsx: ${MAX_LINES + 1} lines, over ${MAX_LINES}; split it`,
];
const seen = folderProblems(planted);
if (JSON.stringify(seen) !== JSON.stringify(expected)) {
  console.error("✗ the folder rules do not find exactly the planted problems:\n", seen);
  process.exit(1);
}

const app = resolve(import.meta.dirname, "../app");
const tree = {};
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "compiled") walk(path);
    } else if (SOURCE.test(name)) tree[relative(app, path)] = readFileSync(path, "utf8");
  }
};
walk(app);
const problems = folderProblems(tree);
if (problems.length > 0) {
  console.error(
    `✗ ${problems.length} folder rule problems (docs/architecture.md, "Folders"):\n  ${problems.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(
  `✓ folder rules hold for ${Object.keys(tree).length} files and refuse all ${expected.length} planted problems`,
);

// The bundle budget (ADR 016): for every route in the Remix manifest, the JavaScript a first visit downloads (the
// entry, then root and each route down to this one, with all their imports) must stay within 112 KB gzip, and
// Leaflet must be in none of it: map code loads after mount, in a chunk of its own. Routes not there yet are held
// at the ceiling they were measured under, so none grows while it waits to be brought down.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 112 * 1024;
// KB gzip, measured 2026-11-25 (each figure rounded up): lower one when its route gets lighter, delete it once the
// route is within BUDGET_BYTES. React DOM and the Remix runtime alone are 102.9 KB, root with the site's layout
// 111.9 KB, and 114.7 KB since every page speaks two languages (Lingui's runtime and the translated layout, +2.8 KB,
// ADR 019): a page with a form pays ~44 KB for conform and zod, the others their own few KB (ADR 016).
const CEILINGS_KB: Record<string, number> = {
  "routes/add-stall.photo": 176,
  "routes/add-stall": 176,
  "routes/moderation._index": 171,
  "routes/complete-profile": 171,
  "routes/auth.oauth.$provider_.callback": 161,
  "routes/auth.oauth.$provider": 161,
  "routes/auth": 161,
  "routes/reset-password": 159,
  "routes/forgot-password": 159,
  "routes/moderation.aliases": 158,
  "routes/bookmarks": 156,
  "routes/discover": 155,
  "routes/moderation.reviews": 151,
  "routes/stall.$id.community": 132,
  "routes/stall.$id": 132,
  "routes/search": 126,
  "routes/_index": 125,
  "routes/profile": 124,
  "routes/privacy": 117,
  "routes/help": 116,
  "routes/contact": 116,
  "routes/settings": 116,
  "routes/dev.mail": 116,
  "routes/confirm-email.resend": 116,
  "routes/confirm-email": 116,
  "routes/reviews.$stallId": 116,
  "routes/food-trails": 116,
  "routes/feed": 116,
  "routes/reels": 116,
  "routes/map": 116,
  "routes/notifications": 116,
  "routes/$": 116,
  "routes/stall._index": 115,
  "routes/photos.$key": 115,
  "routes/newsletter": 115,
  "routes/language": 115,
  "routes/signout": 115,
  "routes/api.$": 115,
  "routes/theme": 115,
  root: 115,
};
const CLIENT = "build/client";

interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

function readManifest(): RemixManifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No Remix manifest in build/client/assets: run `npm run build` first.");
  const sandbox: { window: { __remixManifest?: RemixManifest } } = { window: {} };
  runInNewContext(readFileSync(join(CLIENT, "assets", file), "utf8"), sandbox);
  if (!sandbox.window.__remixManifest) throw new Error(`${file} did not define the Remix manifest`);
  return sandbox.window.__remixManifest;
}

/** The files of a first visit to `routeId`: the entry, and root and each route down to it, with their imports. */
export function firstLoadFiles(manifest: RemixManifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const measured = new Map<string, { gzip: number; leaflet: boolean }>();
function measure(file: string) {
  let size = measured.get(file);
  if (!size) {
    const source = readFileSync(join(CLIENT, file));
    size = {
      gzip: gzipSync(source).length,
      leaflet: /leafletjs\.com|Leaflet 1\.\d/.test(source.toString("utf8")),
    };
    measured.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const manifest = readManifest();
const rows = Object.keys(manifest.routes)
  .map((id) => {
    const files = firstLoadFiles(manifest, id);
    return {
      id,
      gzip: files.reduce((sum, file) => sum + measure(file).gzip, 0),
      limit: (CEILINGS_KB[id] ?? BUDGET_BYTES / 1024) * 1024,
      leaflet: files.filter((file) => measure(file).leaflet),
    };
  })
  .sort((a, b) => b.gzip - a.gzip);

const width = Math.max(...rows.map((row) => row.id.length));
console.log(`${"route".padEnd(width)}  first-load JS gzip   limit (budget ${kb(BUDGET_BYTES)})`);
for (const row of rows) {
  const mark =
    row.gzip > row.limit || row.leaflet.length > 0 ? "✗" : row.gzip > BUDGET_BYTES ? "over budget" : "✓";
  console.log(`${row.id.padEnd(width)}  ${kb(row.gzip).padStart(9)}  ${kb(row.limit).padStart(9)}  ${mark}`);
}

const problems = [
  ...rows.flatMap((row) => [
    ...(row.gzip > row.limit ? [`${row.id}: ${kb(row.gzip)} gzip, over its limit of ${kb(row.limit)}`] : []),
    ...(row.leaflet.length > 0 ? [`${row.id}: Leaflet in the first load (${row.leaflet.join(", ")})`] : []),
  ]),
  ...Object.keys(CEILINGS_KB)
    .filter((id) => !manifest.routes[id])
    .map((id) => `${id} has a ceiling but is no route: delete it`),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
const over = rows.filter((row) => row.gzip > BUDGET_BYTES).length;
console.log(
  `✓ no route over its limit, none with Leaflet; ${over} of ${rows.length} still over ${kb(BUDGET_BYTES)}`,
);

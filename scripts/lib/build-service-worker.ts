// Bundles the service worker (app/sw/sw.ts) into build/client/sw.js after Remix's client build, with the build's
// hashed files as its precache list and their hash as its version: every build that changes a file ships a worker
// that differs by at least that version, which is how browsers notice an update (ADR 029). Run from vite.config.ts
// (Remix's buildEnd), so `npm run build`, `npm start` and the e2e server all get it.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** Script, styles and the woff2 fonts: what a page needs. The .woff copies are for browsers that lack woff2. */
const PRECACHED = /\.(js|css|woff2)$/;

export async function buildServiceWorker(clientDir: string): Promise<{ files: number; bytes: number }> {
  const assets = readdirSync(join(clientDir, "assets"))
    .filter((name) => PRECACHED.test(name))
    .sort();
  const hash = createHash("sha256");
  let bytes = 0;
  for (const name of assets) {
    const content = readFileSync(join(clientDir, "assets", name));
    bytes += content.length;
    hash.update(name).update(content);
  }
  await build({
    entryPoints: [new URL("../../app/sw/sw.ts", import.meta.url).pathname],
    outfile: join(clientDir, "sw.js"),
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: {
      __SW_VERSION__: JSON.stringify(hash.digest("hex").slice(0, 16)),
      __SW_PRECACHE__: JSON.stringify(assets.map((name) => `/assets/${name}`)),
    },
  });
  return { files: assets.length, bytes };
}

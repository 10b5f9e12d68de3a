// `npm start`: builds the app, prepares the local database and serves the production build (the bundle
// `wrangler deploy` ships, run in workerd by Miniflare) at http://127.0.0.1:8787 (PORT overrides). Offline; no
// Cloudflare account needed.
// Prints each step as it starts and its seconds as it ends (`✓ <step> <seconds> s`, which the bench reads). The build
// and the database are made side by side; each step is skipped when what it makes is still there and the files it
// is made from have not changed since (scripts/lib/start-cache.ts, ADR 039), so a later start only serves.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type CacheInput, type CacheStamp, cacheDecision, inputsKey } from "./lib/start-cache";

const started = performance.now();
console.log(
  "Starting Nukkad: the first start builds the app and seeds a local database; later starts reuse both.",
);

/** Bump when the way a step makes its output changes though none of its inputs did. */
const VERSION = "1";
/** What the build is made from: the app, its static files, the Worker, the build's configuration and the installed
 * packages (node_modules/.package-lock.json is npm's record of the installed tree). The compiled catalogues are left
 * out: they are made from app/lib/i18n/locales, which is in. */
const BUILD_INPUTS = [
  "app",
  "public",
  "workers",
  "vite.config.ts",
  "vite-i18n-catalogues.ts",
  "vite-wasm-modules.ts",
  "scripts/lib/build-service-worker.ts",
  "load-context.ts",
  "lingui.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "wrangler.toml",
  "node_modules/.package-lock.json",
];
const BUILD_LEAVES_OUT = ["app/lib/i18n/compiled"];
/** The seed's own code and media (the app's code it calls only matters to an empty database, which is seeded
 * whatever the stamp says). */
const SEED_INPUTS = [
  "scripts/seed.ts",
  "scripts/seed-data.ts",
  "scripts/seed-notifications.ts",
  "scripts/seed-reels.ts",
  "scripts/seed-media",
];
const CACHE_DIR = ".cache/start";
const BUILD_STAMPS = join(CACHE_DIR, "stamps.json");
const BUNDLE_DIR = join(CACHE_DIR, "worker-bundle");

/** Every file under `paths` (files or folders), but those under `leaveOut`; a missing path adds nothing. */
function readInputs(paths: string[], leaveOut: string[] = []): CacheInput[] {
  const inputs: CacheInput[] = [];
  const visit = (path: string) => {
    if (leaveOut.includes(path) || !existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else inputs.push({ path, content: readFileSync(path) });
  };
  for (const path of paths) visit(path);
  return inputs;
}

const fingerprint = (file: string) =>
  existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : null;

function readStamps(file: string): Record<string, CacheStamp> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, CacheStamp>;
  } catch {
    return {};
  }
}

function writeStamp(file: string, name: string, stamp: CacheStamp) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...readStamps(file), [name]: stamp }, null, 2));
}

/** Prints the step as it starts and its seconds as it ends. */
async function step<T>(name: string, doing: string, work: () => Promise<T>): Promise<T> {
  console.log(`▶ ${name}: ${doing}`);
  const stepStarted = performance.now();
  const result = await work();
  console.log(`✓ ${name} ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  return result;
}

/** Runs `npx args`; its output is shown only when it fails, but for `show`, which is passed on line by line. */
function npx(args: string[], env: NodeJS.ProcessEnv, show = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (show) process.stdout.write(chunk);
      else output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npx ${args.join(" ")} failed (${code}):\n${output}`));
    });
  });
}

const { offlineEnv, serveBuild, bundleBuild } = await import("./lib/wrangler");
const { localDatabaseCommands } = await import("./prepare-local-db");
const { ensureLocalVapidKeys } = await import("./lib/local-vapid");
const env = offlineEnv();

/** The build, then the Worker bundled from it: each made again only when what it is made from changed. */
async function buildAndBundle() {
  const buildKey = inputsKey(VERSION, readInputs(BUILD_INPUTS, BUILD_LEAVES_OUT));
  const stamps = readStamps(BUILD_STAMPS);
  const built = cacheDecision(stamps.build ?? null, buildKey, fingerprint("build/server/index.js"));
  if (built.reuse) console.log("✓ build 0.0 s (sources unchanged since the last build)");
  else
    await step("build", `building (${built.reason})`, async () => {
      await npx(["remix", "vite:build"], env);
      writeStamp(BUILD_STAMPS, "build", {
        key: buildKey,
        output: fingerprint("build/server/index.js") ?? "",
      });
    });
  // The bundle is made from the build's output and the Worker, whose sources are in the build's key.
  const bundleKey = inputsKey(VERSION, [
    { path: "build", content: `${buildKey}:${fingerprint("build/server/index.js")}` },
  ]);
  const bundled = cacheDecision(
    readStamps(BUILD_STAMPS).bundle ?? null,
    bundleKey,
    fingerprint(join(BUNDLE_DIR, "app.js")),
  );
  if (bundled.reuse) console.log("✓ worker_bundle 0.0 s (the build is the one bundled last time)");
  else
    await step(
      "worker_bundle",
      `bundling the Worker as wrangler deploy would (${bundled.reason})`,
      async () => {
        await bundleBuild(BUNDLE_DIR);
        writeStamp(BUILD_STAMPS, "bundle", {
          key: bundleKey,
          output: fingerprint(join(BUNDLE_DIR, "app.js")) ?? "",
        });
      },
    );
}

/** Migrations, then the seed, each skipped when this database already had it with the same files. The stamps live
 * beside the database, so a deleted or fresh state folder (NUKKAD_PERSIST_TO) is prepared in full. */
async function prepareDatabase() {
  ensureLocalVapidKeys();
  const state = process.env.NUKKAD_PERSIST_TO ?? ".wrangler/state";
  const stampFile = join(state, "nukkad-start.json");
  const commands = localDatabaseCommands();
  const migrationsKey = inputsKey(VERSION, readInputs(["migrations"]));
  const migrated = cacheDecision(readStamps(stampFile).migrations ?? null, migrationsKey, "");
  if (migrated.reuse) console.log("✓ migrations 0.0 s (none new since the last start)");
  else
    await step("migrations", `applying (${migrated.reason})`, async () => {
      await npx(commands.migrations, env);
      writeStamp(stampFile, "migrations", { key: migrationsKey });
    });
  const seedKey = inputsKey(VERSION, [
    ...readInputs(SEED_INPUTS),
    { path: "migrations", content: migrationsKey },
  ]);
  const seeded = cacheDecision(readStamps(stampFile).seed ?? null, seedKey, "");
  if (seeded.reuse) console.log("✓ seed 0.0 s (seeded by the same seed files)");
  else
    await step(
      "seed",
      `the seed data and reel clips, if the database has no stalls yet (${seeded.reason})`,
      async () => {
        await npx(commands.seed, env, true);
        writeStamp(stampFile, "seed", { key: seedKey });
      },
    );
}

await Promise.all([buildAndBundle(), prepareDatabase()]);
await step("server", "starting workerd with the bundled Worker", () =>
  serveBuild(process.env.PORT ?? "8787", {
    bundleDir: BUNDLE_DIR,
    // The scheduled jobs once, by the served Worker's own Cron Trigger handler, so Home's trending stalls and For
    // You's order reflect the data from the first page served.
    beforeReady: (mf) =>
      step("jobs", "running the scheduled jobs once", async () => {
        const { outcome } = await (await mf.getWorker()).scheduled();
        if (outcome !== "ok") throw new Error(`The scheduled jobs ended with "${outcome}"`);
      }),
  }),
);
console.log(`✓ ready ${((performance.now() - started) / 1000).toFixed(1)} s`);

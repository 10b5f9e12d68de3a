import { execFile, execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { promisify } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_getVarsForDev, unstable_readConfig } from "wrangler";

// Keep wrangler on loopback: no telemetry, no Request.cf download, no update check (docs/decisions/002).
export function offlineEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
  };
}

/** NUKKAD_PERSIST_TO points local D1/KV/R2 elsewhere than .wrangler/state (the e2e tests use their own). */
export function localStateArgs(): string[] {
  const dir = process.env.NUKKAD_PERSIST_TO;
  return dir ? ["--persist-to", dir] : [];
}

export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const local = args.includes("--local") ? localStateArgs() : [];
  return execFileSync("npx", ["wrangler", ...args, ...local], {
    env: offlineEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Runs one SELECT against the local D1 and returns its rows. */
export function queryLocal<T>(sql: string): T[] {
  const output = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", sql], { quiet: true });
  const results = JSON.parse(output) as { results: T[] }[];
  return results[0]?.results ?? [];
}

/**
 * Serves the production build on 127.0.0.1 until this process is told to stop: the very bundle `wrangler deploy`
 * would upload (made with --dry-run), run by Miniflare in one workerd, with wrangler.toml's bindings, .dev.vars,
 * local D1/KV/R2 (NUKKAD_PERSIST_TO's state when set) and ENVIRONMENT development.
 *
 * Not `wrangler dev`: the wrangler that runs on Node 20 (4.86) puts a ProxyWorker in front of the Worker in a
 * second workerd, and when one proxied request fails (the two processes' 5-second keep-alive timers race on an
 * idle pooled connection) it treats the error as fatal and exits, so every later request is refused. That was the
 * "intermittent workerd drop" of the e2e runs (docs/decisions/002-node-20-version-pins.md).
 * Answers a function that stops the server (the benchmark's reels section serves the build only while it measures).
 */
export async function serveBuild(
  port: string,
  options: {
    /** Leaves out the line per request. */
    quiet?: boolean;
    /** Answers every request the Worker makes off loopback (the e2e server's stand-in for the internet). */
    outbound?: (request: Request) => Response | Promise<Response>;
    /** The Worker already bundled from this build (bundleBuild), which `npm start` keeps between starts. */
    bundleDir?: string;
    /** Runs once workerd serves, before the ready line: `npm start` fires the Worker's Cron Trigger there. */
    beforeReady?: (mf: Miniflare) => Promise<void>;
  } = {},
): Promise<() => Promise<void>> {
  if (!/^\d{2,5}$/.test(port)) throw new Error(`The port must be a number, not "${port}"`);
  // One folder per port: `npm start` and the e2e server may bundle at the same time.
  const bundleDir = options.bundleDir ?? `.cache/worker-bundle-${port}`;
  if (!options.bundleDir) await bundleBuild(bundleDir);

  const config = unstable_readConfig({ config: "wrangler.toml" });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const devVars = unstable_getVarsForDev(config.configPath, undefined, config.vars, undefined, true);
  const state = join(process.env.NUKKAD_PERSIST_TO ?? ".wrangler/state", "v3");
  const mf = new Miniflare({
    ...workerOptions,
    name: config.name,
    modulesRoot: bundleDir,
    modules: bundleModules(bundleDir, config.main),
    bindings: { ...workerOptions.bindings, ...plainValues(devVars), ENVIRONMENT: "development" },
    host: "127.0.0.1",
    port: Number(port),
    d1Persist: join(state, "d1"),
    kvPersist: join(state, "kv"),
    r2Persist: join(state, "r2"),
    cachePersist: join(state, "cache"),
    // Placeholder Request.cf values rather than a download of the real ones: nothing leaves loopback.
    cf: false,
    ...(options.outbound ? { outboundService: options.outbound } : {}),
    log: new Log(options.quiet ? LogLevel.WARN : LogLevel.INFO),
  });
  const url = await mf.ready;
  await options.beforeReady?.(mf);
  console.log(`Nukkad is ready at ${url.origin}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void mf.dispose().finally(() => process.exit(0)));
  }
  return () => mf.dispose();
}

/** The Worker as `wrangler deploy` would upload it, bundled from the build into `dir` (emptied first). */
export async function bundleBuild(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  // Not wrangler(): asynchronous, so that `npm start` keeps timing the steps that run beside it.
  await promisify(execFile)("npx", ["wrangler", "deploy", "--dry-run", "--outdir", dir], {
    env: offlineEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * The files wrangler wrote: the Worker's script first (Miniflare's entry point), then any module it imports
 * (WebAssembly, for password hashing; text, the common passwords, ADR 038).
 */
function bundleModules(dir: string, main = "app.ts") {
  const entry = `${basename(main, extname(main))}.js`;
  const types = { ".js": "ESModule", ".wasm": "CompiledWasm", ".txt": "Text" } as const;
  return readdirSync(dir)
    .filter((file) => extname(file) in types)
    .sort((a, b) => Number(b === entry) - Number(a === entry))
    .map((file) => ({ type: types[extname(file) as keyof typeof types], path: join(dir, file) }));
}

function plainValues(vars: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [
      name,
      typeof value === "object" && value !== null && "value" in value ? String(value.value) : String(value),
    ]),
  );
}

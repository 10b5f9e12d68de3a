import { execFileSync, spawn } from "node:child_process";

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
 * Serves the production build in workerd through `wrangler dev` on 127.0.0.1 (over NUKKAD_PERSIST_TO's state
 * when set), in development mode, until this process is told to stop.
 */
export function serveBuild(port: string): void {
  if (!/^\d{2,5}$/.test(port)) throw new Error(`The port must be a number, not "${port}"`);
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      port,
      ...localStateArgs(),
      "--var",
      "ENVIRONMENT:development",
      "--show-interactive-dev-session=false",
    ],
    { env: offlineEnv(), stdio: "inherit" },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

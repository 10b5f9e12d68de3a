import { execFileSync } from "node:child_process";

// Keep wrangler on loopback: no telemetry, no Request.cf download, no update check (docs/decisions/002).
export const OFFLINE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync("npx", ["wrangler", ...args], {
    env: OFFLINE_ENV,
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

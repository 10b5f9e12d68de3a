// Brings the local D1 (under .wrangler/state) up to date: applies migrations, loads the embedded seed
// data if there are no stalls yet, then runs the scheduled jobs once. Used by `npm run dev` and the e2e server;
// `npm start` runs the same commands as steps it can skip (scripts/start.ts).
import { execFileSync } from "node:child_process";
import { ensureLocalVapidKeys } from "./lib/local-vapid";
import { localStateArgs, offlineEnv } from "./lib/wrangler";

/** The commands, each an `npx` argument list, in the order they must run. */
export const localDatabaseCommands = () => ({
  migrations: ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...localStateArgs()],
  seed: ["tsx", "--import", "./scripts/lib/wasm-modules.mjs", "scripts/seed.ts", "--if-empty"],
  // The scheduled jobs once, as the hourly Cron Trigger would, so Home's trending stalls and For You's order
  // reflect the data from the first page served.
  jobs: ["tsx", "--import", "./scripts/lib/wasm-modules.mjs", "scripts/jobs.ts"],
});

export function prepareLocalDatabase() {
  // Not the database, but the same moment: every local run (start, dev, e2e) passes here before serving.
  ensureLocalVapidKeys();
  const commands = localDatabaseCommands();
  execFileSync("npx", commands.migrations, {
    env: offlineEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync("npx", commands.seed, { env: offlineEnv(), stdio: "inherit" });
  execFileSync("npx", commands.jobs, { env: offlineEnv(), stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) prepareLocalDatabase();

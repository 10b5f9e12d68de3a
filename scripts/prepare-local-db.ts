// Brings the local D1 (under .wrangler/state) up to date: applies migrations, loads the embedded seed
// data if there are no stalls yet, then runs the scheduled jobs once. Used by `npm start` and `npm run dev`.
import { execFileSync } from "node:child_process";
import { ensureLocalVapidKeys } from "./lib/local-vapid";
import { offlineEnv, wrangler } from "./lib/wrangler";

export function prepareLocalDatabase() {
  // Not the database, but the same moment: every local run (start, dev, e2e) passes here before serving.
  ensureLocalVapidKeys();
  wrangler(["d1", "migrations", "apply", "DB", "--local"], { quiet: true });
  execFileSync(
    "npx",
    ["tsx", "--import", "./scripts/lib/wasm-modules.mjs", "scripts/seed.ts", "--if-empty"],
    { env: offlineEnv(), stdio: "inherit" },
  );
  // The scheduled jobs once, as the hourly Cron Trigger would, so Home's trending stalls and For You's order
  // reflect the data from the first page served.
  execFileSync("npx", ["tsx", "--import", "./scripts/lib/wasm-modules.mjs", "scripts/jobs.ts"], {
    env: offlineEnv(),
    stdio: "inherit",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) prepareLocalDatabase();

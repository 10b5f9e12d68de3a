// Brings the local D1 (under .wrangler/state) up to date: applies migrations, then loads the embedded seed
// data if there are no stalls yet. Used by `npm start` and `npm run dev`.
import { execFileSync } from "node:child_process";
import { offlineEnv, wrangler } from "./lib/wrangler";

export function prepareLocalDatabase() {
  wrangler(["d1", "migrations", "apply", "DB", "--local"], { quiet: true });
  execFileSync(
    "npx",
    ["tsx", "--import", "./scripts/lib/wasm-modules.mjs", "scripts/seed.ts", "--if-empty"],
    { env: offlineEnv(), stdio: "inherit" },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) prepareLocalDatabase();

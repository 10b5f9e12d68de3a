// `npm start`: builds the app, prepares the local database and serves the production build (the bundle
// `wrangler deploy` ships, run in workerd by Miniflare) at http://127.0.0.1:8787 (PORT overrides). Offline; no
// Cloudflare account needed.
import { execFileSync } from "node:child_process";
import { offlineEnv, serveBuild } from "./lib/wrangler";
import { prepareLocalDatabase } from "./prepare-local-db";

console.log("Building Nukkad...");
execFileSync("npx", ["remix", "vite:build"], { env: offlineEnv(), stdio: ["ignore", "ignore", "inherit"] });
console.log("Preparing the local database...");
prepareLocalDatabase();
await serveBuild(process.env.PORT ?? "8787");

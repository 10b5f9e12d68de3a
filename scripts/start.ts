// `npm start`: builds the app, prepares the local database and serves the production build in workerd
// through `wrangler dev` at http://127.0.0.1:8787 (PORT overrides). Offline; no Cloudflare account needed.
import { execFileSync, spawn } from "node:child_process";
import { offlineEnv } from "./lib/wrangler";
import { prepareLocalDatabase } from "./prepare-local-db";

const port = process.env.PORT ?? "8787";
if (!/^\d{2,5}$/.test(port)) throw new Error(`PORT must be a port number, not "${port}"`);

console.log("Building Nukkad...");
execFileSync("npx", ["remix", "vite:build"], { env: offlineEnv(), stdio: ["ignore", "ignore", "inherit"] });
console.log("Preparing the local database...");
prepareLocalDatabase();

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--var",
    "ENVIRONMENT:development",
    "--show-interactive-dev-session=false",
  ],
  { env: offlineEnv(), stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// The server the Playwright tests drive: the production build in workerd (`wrangler dev`) on its own port, over
// a fresh local database with the embedded seed data, so every run starts from the same known stalls.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { offlineEnv } from "./lib/wrangler";
import { prepareLocalDatabase } from "./prepare-local-db";

const port = process.env.E2E_PORT ?? "8788";
// One state folder per port, so two e2e runs on one machine never share a database.
const persistTo = `.wrangler/e2e-state-${port}`;
process.env.NUKKAD_PERSIST_TO = persistTo;
rmSync(persistTo, { recursive: true, force: true });
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
    "--persist-to",
    persistTo,
    "--var",
    "ENVIRONMENT:development",
    "--show-interactive-dev-session=false",
  ],
  { env: offlineEnv(), stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// The server the Playwright tests drive: the production build in workerd on its own port, over a fresh local
// database with the embedded seed data, so every run starts from the same known stalls.
import { rmSync } from "node:fs";
import { serveBuild } from "./lib/wrangler";
import { prepareLocalDatabase } from "./prepare-local-db";

const port = process.env.E2E_PORT ?? "8788";
// One state folder per port, so two e2e runs on one machine never share a database.
const persistTo = `.wrangler/e2e-state-${port}`;
process.env.NUKKAD_PERSIST_TO = persistTo;
rmSync(persistTo, { recursive: true, force: true });
prepareLocalDatabase();
await serveBuild(port);

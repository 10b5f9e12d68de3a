// The server the Playwright tests drive: the production build in workerd on its own port, over a fresh local
// database with the embedded seed data, so every run starts from the same known stalls. The Worker's requests off
// loopback reach a stand-in (scripts/lib/e2e-outbound.ts): a fake push service, and a refusal for everything else.
import { rmSync } from "node:fs";
import { e2eOutbound, pushDir } from "./lib/e2e-outbound";
import { serveBuild } from "./lib/wrangler";
import { prepareLocalDatabase } from "./prepare-local-db";

const port = process.env.E2E_PORT ?? "8788";
// One state folder per port, so two e2e runs on one machine never share a database.
const persistTo = `.wrangler/e2e-state-${port}`;
process.env.NUKKAD_PERSIST_TO = persistTo;
rmSync(persistTo, { recursive: true, force: true });
prepareLocalDatabase();
await serveBuild(port, { outbound: e2eOutbound(pushDir(port)) });

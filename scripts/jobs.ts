// `npm run jobs`: runs every scheduled job (workers/scheduled.ts, what the hourly Cron Trigger runs once deployed)
// once against the local D1 and R2 under .wrangler/state (NUKKAD_PERSIST_TO's state when set). Offline: the
// bindings come from wrangler's platform proxy, as `npm run dev`'s loaders get theirs.
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { runScheduledJobs } from "../workers/scheduled";
import { offlineEnv } from "./lib/wrangler";

Object.assign(process.env, offlineEnv());
const state = join(process.env.NUKKAD_PERSIST_TO ?? ".wrangler/state", "v3");
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: state } });
try {
  const started = Date.now();
  // As every local run (scripts/lib/wrangler.ts): wrangler.toml's production would demand APP_ORIGIN.
  await runScheduledJobs({ ...proxy.env, ENVIRONMENT: "development" });
  console.log(`Scheduled jobs done in ${Date.now() - started} ms.`);
} finally {
  await proxy.dispose();
}

// Bundles every benchmark Worker as `npm run bench` does (scripts/lib/bench-worker.ts) and fails if one does not
// bundle: a Worker that pulls in Chromium's driver, Miniflare or wrangler (ADR 039) stops the whole bench run.
// Run by `npm test`; `npx tsx scripts/check-bench-workers.ts` alone takes a few seconds.
import { BENCH_WORKERS, bundleWorker } from "./lib/bench-worker";

for (const worker of Object.values(BENCH_WORKERS)) {
  const script = await bundleWorker(worker);
  console.log(`${worker.file}: ${(script.length / 1024).toFixed(0)} KB for workerd`);
}

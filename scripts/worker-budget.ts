// The Worker's budget (ADR 038), beside the browser's (scripts/bundle-budget.ts): what `wrangler deploy` would
// upload must stay within WORKER_CEILING_KIB gzip, and its main module, which every isolate parses when it starts,
// within MAIN_CEILING_KIB. Run on the finished build (`npm test` runs it after building).
import { measureWorkerSize } from "./bench-worker-size";

// KiB gzip, measured 2026-11-29 (rounded up): 1,801 in all before issue 35 (mediabunny, the password list twice),
// 1,176 after (main 1,089); 1,179 (main 1,092) once issue 35's other changes were merged; 960 (main 873) with the
// Worker composed inside the server build, the app's modules bundled once (ADR 050); 961 (main 874) with issue 32's
// reports pipeline; 975 (main 888) with jpeg-js, which decodes and re-encodes reel posters (issue 33, ADR 027); 978
// (main 891) with the moderation queue's decisions, Hidden and People tabs and moderator API (issue 32, ADR 046); 987
// (main 899) with account actions, the person and appeal pages and their Hindi (issue 33 §2, ADR 052); 999 (main 911)
// with block and mute, the moderation log and trust levels (issue 33, ADRs 047, 048, 051); 1,006 (main 918) with the
// log's page, the spam rules and Held queue, hidden reels and reviews and account notices (issue 33); 1,007 (main 919)
// with the post menu's lazy half (ADR 054); 1,009 (main 921) with each form's constraints written in at build time and
// its schema behind import() (ADR 056), main 922 with the check of fields left before the checks came; 1,001 (main
// 913.5) with icons drawn from lucide's shapes without lucide-react's runtime (ADR 057); 1,012 (main 925) with the
// site's stylesheet, which the server now writes into each page's head (ADR 058: one string, +11.4 KiB); 1,007 (main
// 920) with the catalogues read by our own 30 lines instead of Lingui's runtime (ADR 059). The goal was 1,024.
const WORKER_CEILING_KIB = 1007;
const MAIN_CEILING_KIB = 920;

const size = measureWorkerSize();
const total = size.totalGzipBytes / 1024;
const main = size.mainGzipBytes / 1024;
console.log(
  `Worker: ${total.toFixed(1)} KiB gzip in all (ceiling ${WORKER_CEILING_KIB}), main module ${main.toFixed(1)} KiB (ceiling ${MAIN_CEILING_KIB}); lazy modules: ${size.modules.join(", ")}`,
);
if (total > WORKER_CEILING_KIB || main > MAIN_CEILING_KIB) {
  console.error(
    "✗ The Worker grew past its ceiling: see ADR 038 for what belongs behind import() or in the browser.",
  );
  process.exit(1);
}

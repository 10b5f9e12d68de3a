// The installed app's repeat visit (issue 23), a section of scripts/bench.ts: `npm run bench -- --only pwa` runs it
// alone. It serves the production build with a fresh seeded database (scripts/e2e-server.ts, on its own port), and
// in Debian's Chromium at 390x844 opens Home once unthrottled, then again over DevTools' "Slow 3G" figures (2,000 ms
// round trip, 400 kbit/s each way: 50,000 bytes a second), five times each way. The slow link is a relay on loopback
// (scripts/lib/slow-network.ts): DevTools' own throttling would leave the service worker's fetches at full speed.
// - worker: the service worker controls the page (its precache holds the build; the page itself is network first);
// - http cache: no worker, the browser's HTTP cache as the first visit left it (the build's files are immutable);
// - network: no worker and the HTTP cache off, so every byte comes over the slow network;
// - offline worker: no network at all, the worker answers from its caches.
// It prints first contentful paint and the load event (p50 and max, in ms from the navigation's start) and the bytes
// the slow link carried to the browser by the load event (what no cache could answer). Nothing leaves loopback: the browser
// resolves no other host, and the e2e server refuses the Worker's outside requests.
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { BENCH_PORTS } from "./lib/bench-ports";
import { startBenchServer, stopBenchServer } from "./lib/bench-server";
import { CHROMIUM_PATH } from "./lib/chromium";
import { slowRelay } from "./lib/slow-network";

const PORT = BENCH_PORTS.pwa;
const SLOW_PORT = Number(BENCH_PORTS.pwaSlowLink);
/** The same server behind the slow link; every visit goes there. */
const SLOW_ORIGIN = `http://127.0.0.1:${SLOW_PORT}`;
const RUNS = 5;
/** Chrome DevTools' "Slow 3G": 400 ms x 5 latency, 500 kbit/s x 0.8 each way. */
const SLOW_3G = { latencyMs: 2_000, bytesPerSecond: 50_000 };

type Way = "worker" | "http_cache" | "network" | "offline_worker";

/** FCP and the load event of the page's last navigation, in ms from its start. */
const timings = (page: Page) =>
  page.evaluate(async () => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    // The paint entry can be queued a moment after the load event: wait for it.
    const fcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const paint = list.getEntriesByName("first-contentful-paint")[0];
        if (paint) resolve(paint.startTime);
      }).observe({ type: "paint", buffered: true });
      setTimeout(() => resolve(Number.NaN), 5_000);
    });
    return { fcp, load: navigation.loadEventEnd };
  });

/** Whether the relay slows traffic now: the first visit (installing, filling the HTTP cache) runs at full speed. */
const relay = { slow: false };

async function repeatVisit(context: BrowserContext, way: Way, downloaded: () => number) {
  const page = await context.newPage();
  relay.slow = false;
  await page.goto(`${SLOW_ORIGIN}/`, { waitUntil: "load" });
  if (way === "worker" || way === "offline_worker") {
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Installed: the next navigation is the worker's.
    await page.reload({ waitUntil: "load" });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
      throw new Error("the service worker did not take control");
  }
  if (way === "network") {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  }
  if (way === "offline_worker") await context.setOffline(true);
  relay.slow = true;
  const before = downloaded();
  // A new navigation, not a reload: a reload revalidates every file, which a repeat visit does not.
  await page.goto("about:blank");
  await page.goto(`${SLOW_ORIGIN}/`, { waitUntil: "load", timeout: 180_000 });
  const bytes = downloaded() - before;
  return { ...(await timings(page)), bytes };
}

const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

export async function benchPwa(): Promise<void> {
  console.log(`\n# Repeat visit to Home on Slow 3G (issue 23): ${RUNS} runs each, Chromium at 390x844`);
  const server = await startBenchServer(PORT);
  const slowLink = await slowRelay(SLOW_PORT, Number(PORT), SLOW_3G, () => relay.slow);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      // Nothing off loopback resolves. Not Playwright's routing, which would switch the HTTP cache off.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
  try {
    for (const way of ["worker", "http_cache", "network", "offline_worker"] as const) {
      const fcp: number[] = [];
      const load: number[] = [];
      const bytes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          serviceWorkers: way === "worker" || way === "offline_worker" ? "allow" : "block",
        });
        try {
          const measured = await repeatVisit(context, way, slowLink.downloaded);
          fcp.push(measured.fcp);
          load.push(measured.load);
          bytes.push(measured.bytes);
        } finally {
          await context.close();
        }
      }
      console.log(`pwa_repeat_${way}_fcp_p50_ms=${p50(fcp).toFixed(0)}`);
      console.log(`pwa_repeat_${way}_fcp_max_ms=${Math.max(...fcp).toFixed(0)}`);
      console.log(`pwa_repeat_${way}_load_p50_ms=${p50(load).toFixed(0)}`);
      console.log(`pwa_repeat_${way}_load_max_ms=${Math.max(...load).toFixed(0)}`);
      console.log(`pwa_repeat_${way}_bytes_downloaded_p50=${p50(bytes)}`);
    }
  } finally {
    await browser.close();
    slowLink.server.close();
    stopBenchServer(server);
  }
}

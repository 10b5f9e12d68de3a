// Lighthouse and an applied-throttling LCP on the pages issues 16 and 35 name, a section of scripts/bench.ts:
// `npm run bench -- --only lighthouse` runs it alone (it serves the production build, made first when there is none).
//
// - The production build with the seed data (scripts/lib/bench-server.ts, port 8799, or BENCH_LIGHTHOUSE_PORT), on
//   /, /discover, a stall, /search?q=dosa, /auth, /feed, /reels and a curated food trail. BENCH_PAGES=stall,home
//   measures only the pages named.
// - Lighthouse's mobile defaults (a Moto G Power's screen, slow 4G and a 4x slower CPU, simulated from one
//   unthrottled load: its "simulate" throttling), RUNS runs per page in Debian's Chromium. Lighthouse 12.8.2 runs
//   through `npx --yes`, from npm's cache when it is there, else fetched from the registry the first time: the last
//   Lighthouse that runs on Node 20 (ADR 002); 13 needs Node 22.19 and uses the same mobile settings and weights. It
//   is not a devDependency: 200 packages and 186 MB that only this section uses. When npx cannot get it, the section
//   says so and prints the applied figures alone.
//   Printed per page: each run's performance score, their minimum and median, accessibility's minimum, and the
//   medians of first contentful paint, largest contentful paint and total blocking time (ms). Run twice, as the
//   applied loads are: over HTTP/1.1 (`lighthouse_<page>_*`) and over HTTP/2 through the TLS proxy
//   (`lighthouse_http2_<page>_*`, Chromium told to take the proxy's certificate).
// - Applied throttling, because the simulation moves 10-25 points between runs of one build (ADR 031): the
//   bench's own Chromium through playwright-core, a 390x844 phone (Pixel 7), the CPU slowed 4x and DevTools' "Slow
//   4G" network (CDP), RUNS cold loads per page (new context: empty cache, service workers blocked) after one that
//   warms the server. LCP is the last 'largest-contentful-paint' entry once the page has loaded and settled.
//   Measured twice: over HTTP/1.1 straight to workerd, as local servers answer, and over HTTP/2 through a local
//   TLS proxy (scripts/lib/h2-proxy.ts), as Cloudflare serves. Printed per page and protocol: each load's LCP,
//   their p75 and the element most often largest.
// - Nothing leaves loopback: Chromium's other requests fail at a closed proxy port (the map's tiles among them).
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium, devices } from "playwright-core";
import { BENCH_PORTS } from "./lib/bench-ports";
import { startBenchServer, stopBenchServer } from "./lib/bench-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";
import { ACCEPT_PROXY_CERTIFICATE, startH2Proxy } from "./lib/h2-proxy";

const PORT = BENCH_PORTS.lighthouse;
const RUNS = 5;
const LIGHTHOUSE = "lighthouse@12.8.2";
const execFileAsync = promisify(execFile);
/** Chromium's requests off loopback fail at once at this closed port. */
const NO_INTERNET = "--proxy-server=http://127.0.0.1:9";
const LIGHTHOUSE_CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  NO_INTERNET,
];
/** Chrome DevTools' "Slow 4G" (bytes per second, ms): the profile Lighthouse's mobile audit simulates, applied. */
const SLOW_4G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};
const CPU_THROTTLE_RATE = 4;
const VIEWPORT = { width: 390, height: 844 };
/** After the load event, later candidates (a late picture, a font) still count; then the LCP is read. */
const SETTLE_MS = 1_500;

interface Report {
  categories: Record<"performance" | "accessibility", { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

/** Runs as a child process and is awaited: the HTTP/2 proxy it may load through answers from this process. */
async function lighthouse(url: string, outputPath: string): Promise<Report> {
  const chromeFlags = url.startsWith("https:")
    ? [...LIGHTHOUSE_CHROME_FLAGS, ACCEPT_PROXY_CERTIFICATE]
    : LIGHTHOUSE_CHROME_FLAGS;
  await execFileAsync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--only-categories=performance,accessibility",
      `--chrome-flags=${chromeFlags.join(" ")}`,
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
    ],
    { env: lighthouseEnv() },
  );
  return JSON.parse(readFileSync(outputPath, "utf8")) as Report;
}

function lighthouseEnv(): NodeJS.ProcessEnv {
  // npm's cache first: a machine that fetched Lighthouse once runs it without the registry.
  return { ...process.env, CHROME_PATH: CHROMIUM_PATH, npm_config_prefer_offline: "true" };
}

/** Why Lighthouse cannot run here, or null when npx has it (fetching it into npm's cache if need be). */
function lighthouseMissing(): string | null {
  try {
    execFileSync("npx", ["--yes", LIGHTHOUSE, "--version"], {
      env: lighthouseEnv(),
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 300_000,
    });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split("\n").at(-1);
    return stderr || String(error);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
/** The nearest-rank 75th percentile: of 5 loads, the 4th best. */
const p75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1] ?? 0;

/** The pages measured, by name: a stall and a curated trail of the seed data. */
async function benchPages(origin: string): Promise<Record<string, string>> {
  const read = async <T>(path: string) => (await (await fetch(`${origin}${path}`)).json()) as T;
  const stalls = await read<{ items: { id: string }[] }>("/api/shop?limit=1");
  const trails = await read<{ data: { id: string }[] }>("/api/trails?list=curated&limit=1");
  // The stall page first: the one issue 35 found below 90.
  const pages: Record<string, string> = {
    stall: `/stall/${stalls.items[0]?.id ?? ""}`,
    home: "/",
    discover: "/discover",
    search: "/search?q=dosa",
    auth: "/auth",
    feed: "/feed",
    reels: "/reels",
    trail: `/food-trails/${trails.data[0]?.id ?? ""}`,
  };
  const only = process.env.BENCH_PAGES?.split(",");
  return only ? Object.fromEntries(Object.entries(pages).filter(([name]) => only.includes(name))) : pages;
}

/** RUNS Lighthouse runs per page. Over HTTP/1.1 its lines are `lighthouse_<page>_*`, over HTTP/2 (the proxy's https
 * origin) `lighthouse_http2_<page>_*`: its simulation charges each request the round trips of the connection the
 * page's load used, and over HTTP/1.1 the ~40 scripts of a page queue on six connections, as they would not over
 * the HTTP/2 and 3 Cloudflare serves. */
async function lighthouseRuns(
  protocol: "http1" | "http2",
  origin: string,
  pages: Record<string, string>,
  dir: string,
  print: (...lines: string[]) => void,
) {
  for (const [page, path] of Object.entries(pages)) {
    const name = protocol === "http2" ? `http2_${page}` : page;
    const reports: Report[] = [];
    for (let run = 0; run < RUNS; run += 1)
      reports.push(await lighthouse(`${origin}${path}`, join(dir, `${run}.json`)));
    const performance = reports.map((report) => Math.round(report.categories.performance.score * 100));
    const metric = (id: string) =>
      median(reports.map((report) => report.audits[id]?.numericValue ?? 0)).toFixed(0);
    print(
      `# lighthouse${protocol === "http2" ? " http2" : ""} ${path}: performance ${performance.join(", ")} (load average ${loadAverage()})`,
      `lighthouse_${name}_performance_min=${Math.min(...performance)}`,
      `lighthouse_${name}_performance_p50=${median(performance)}`,
      `lighthouse_${name}_accessibility_min=${Math.min(...reports.map((report) => Math.round(report.categories.accessibility.score * 100)))}`,
      `lighthouse_${name}_fcp_p50_ms=${metric("first-contentful-paint")}`,
      `lighthouse_${name}_lcp_p50_ms=${metric("largest-contentful-paint")}`,
      `lighthouse_${name}_tbt_p50_ms=${metric("total-blocking-time")}`,
    );
  }
}

/** What the page notes from its first script on: its largest paint so far and what drew it. A string: tsx would
 * wrap inner functions in a helper the page does not have. */
const WATCH_LCP = `(() => {
  const noted = { lcp: null, element: "" };
  window.__lcp = noted;
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    if (!entry) return;
    const element = entry.element;
    noted.lcp = entry.startTime;
    noted.element = element
      ? element.tagName.toLowerCase() + (entry.url ? " " + new URL(entry.url).pathname : element.id ? "#" + element.id : "")
      : "(removed)";
  }).observe({ type: "largest-contentful-paint", buffered: true });
})();`;

async function appliedLoad(browser: Browser, url: string): Promise<{ lcp: number; element: string }> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: VIEWPORT,
    serviceWorkers: "block",
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_LCP });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE_RATE });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const noted = await page.evaluate(
      () => (window as Window & { __lcp?: { lcp: number | null; element: string } }).__lcp,
    );
    if (noted?.lcp == null) throw new Error(`${url}: no largest-contentful-paint entry`);
    return { lcp: noted.lcp, element: noted.element };
  } finally {
    await context.close();
  }
}

async function appliedRuns(
  protocol: "http1" | "http2",
  origin: string,
  pages: Record<string, string>,
  print: (...lines: string[]) => void,
) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, NO_INTERNET, ...(protocol === "http2" ? [ACCEPT_PROXY_CERTIFICATE] : [])],
  });
  try {
    for (const [name, path] of Object.entries(pages)) {
      // The first load warms the server (and the proxy's connections) up.
      await appliedLoad(browser, `${origin}${path}`);
      const loads = [];
      for (let run = 0; run < RUNS; run += 1) loads.push(await appliedLoad(browser, `${origin}${path}`));
      const elements = loads.map((load) => load.element);
      const usual = elements.sort(
        (a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length,
      )[0];
      print(
        `# applied ${protocol} ${path}: LCP ms ${loads.map((load) => load.lcp.toFixed(0)).join(", ")}; largest: ${usual} (load average ${loadAverage()})`,
        `applied_${protocol}_${name}_lcp_p75_ms=${p75(loads.map((load) => load.lcp)).toFixed(0)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** Prints each page's lines as they are measured: the whole section takes most of an hour on a loaded machine. */
export async function benchLighthouse(print: (...lines: string[]) => void) {
  const server = await startBenchServer(PORT);
  const dir = mkdtempSync(join(tmpdir(), "nukkad-lighthouse-"));
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    const pages = await benchPages(origin);
    print(
      `# applied: ${RUNS} cold loads per page at 390x844, CPU ${CPU_THROTTLE_RATE}x slower, DevTools' Slow 4G (1.44/0.675 Mbps, 562.5 ms RTT)`,
    );
    await appliedRuns("http1", origin, pages, print);
    const proxy = await startH2Proxy(Number(PORT));
    try {
      await appliedRuns("http2", proxy.origin, pages, print);
      const missing = lighthouseMissing();
      if (missing)
        print(`# lighthouse: ${LIGHTHOUSE} is not in npm's cache and npx could not fetch it (${missing})`);
      else {
        await lighthouseRuns("http1", origin, pages, dir, print);
        await lighthouseRuns("http2", proxy.origin, pages, dir, print);
      }
    } finally {
      await proxy.stop();
    }
  } finally {
    stopBenchServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

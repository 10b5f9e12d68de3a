// The reels feed's first frame (issue 21), a section of scripts/bench.ts: `npm run bench -- --only reels` runs it
// alone (it serves the production build, made first when there is none). How long a phone on a good mobile network waits for the
// first reel on /reels to show moving video, and how many bytes it downloaded by then.
//
// - The production build, served in workerd by serveBuild (scripts/lib/wrangler.ts) on its own port (8794) over a
//   fresh seeded local database of its own (.wrangler/bench-reels-state-8794, prepared as scripts/e2e-server.ts
//   prepares the e2e tests' one): the seed's 7 approved reels, the first a 150 KB, 6 s clip. The server stops at the
//   end.
// - Debian's Chromium (/usr/bin/chromium) through playwright-core, as a visitor on a 390x844 phone (the e2e mobile
//   project's Pixel 7 at 390 px), with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, rate 4) and Chrome
//   DevTools' "Fast 4G" network profile (CDP Network.emulateNetworkConditions, the figures DevTools and Puppeteer use:
//   9 Mbps down and 1.5 Mbps up, each x 0.9 for packet overhead, so 1,012,500 and 168,750 bytes/s, and 60 ms latency
//   x 2.75 = 165 ms RTT added to every request).
// - One warm-up load (not counted: the first request pays for the Worker's start), then RUNS cold loads, each in a
//   new browser context (empty HTTP cache, no cookies); the server's own caches stay warm, as a CDN's would.
// - First frame: the first frame the first reel's video presents once it plays (requestVideoFrameCallback's
//   presentationTime, ms after navigation start on the page's own clock), and the 'playing' event's time beside it.
// - Bytes before the first frame: the bytes on the wire (CDP encodedDataLength, headers included) of every request by
//   that moment: a finished request's Network.loadingFinished total, an unfinished one's Network.dataReceived chunks
//   so far (the video is often still downloading; a chunk reported with no wire length counts its received bytes). The page's clock is put on CDP's by the document's own request
//   (its Network timing's requestTime + sendStart is the navigation entry's requestStart).
// - Measured twice, as the Lighthouse section is: over HTTP/1.1 straight to workerd (the `reels_*` lines), where the
//   browser opens six connections to the origin and the clip waits behind the page's scripts, and over HTTP/2 through
//   a local TLS proxy (scripts/lib/h2-proxy.ts, the `reels_http2_*` lines), as Cloudflare serves the page.
// - Nothing leaves loopback: Chromium is given a proxy on a closed loopback port for everything but loopback (Chrome
//   never proxies loopback), so an outside request fails at once; they are counted (reels_offsite_requests). A
//   Playwright route, as the e2e fixtures use, would stop every request, loopback too, in Node: a round trip that
//   would be timed with them.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { type BrowserContext, type CDPSession, devices } from "playwright-core";
import { launchLoopbackChromium, serveBuildFrom } from "./lib/bench-browser";
import { BENCH_PORTS } from "./lib/bench-ports";
import { ACCEPT_PROXY_CERTIFICATE, startH2Proxy } from "./lib/h2-proxy";
import { offlineEnv } from "./lib/wrangler";

export const REELS_BENCH = {
  port: BENCH_PORTS.reels,
  runs: 5,
  cpuThrottleRate: 4,
  viewport: { width: 390, height: 844 },
};
/** Chrome DevTools' "Fast 4G" (bytes per second, ms). */
const FAST_4G = {
  offline: false,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  latency: 60 * 2.75,
};
const STATE = `.wrangler/bench-reels-state-${REELS_BENCH.port}`;
const LOOPBACK = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;
/** A load that has shown no frame by then has failed. */
const FRAME_TIMEOUT_MS = 60_000;

interface Run {
  firstFrameMs: number;
  playingMs: number;
  bytes: number;
  videoBytes: number;
  /** Bytes before the first frame by CDP resource type (Script, Media, Image, Document...). */
  bytesByType: Record<string, number>;
  requests: number;
  offsite: number;
}

/**
 * What the page notes, from its first script on, about the first reel's video (data-index 0 in the feed). A string:
 * tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_FIRST_REEL = `(() => {
  const noted = { frame: null, playing: null };
  window.__firstReel = noted;
  const firstReel = (event) =>
    event.target instanceof HTMLVideoElement && event.target.closest("article")?.getAttribute("data-index") === "0"
      ? event.target
      : null;
  document.addEventListener("play", (event) => {
    firstReel(event)?.requestVideoFrameCallback((now, frame) => { noted.frame ??= frame.presentationTime; });
  }, true);
  document.addEventListener("playing", (event) => {
    if (firstReel(event)) noted.playing ??= event.timeStamp;
  }, true);
})();`;

/** Per request: its URL and type, the chunks received (CDP time in ms, bytes), and its total once finished. */
interface Traffic {
  url: string;
  type: string;
  chunks: { at: number; bytes: number }[];
  finished?: { at: number; bytes: number };
}

function recordTraffic(cdp: CDPSession) {
  const requests = new Map<string, Traffic>();
  let document: { requestTimeMs: number; sendStartMs: number } | null = null;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!requests.has(event.requestId))
      requests.set(event.requestId, { url: event.request.url, type: event.type ?? "Other", chunks: [] });
  });
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Document" && document === null && event.response.timing)
      document = {
        requestTimeMs: event.response.timing.requestTime * 1000,
        sendStartMs: event.response.timing.sendStart,
      };
  });
  cdp.on("Network.dataReceived", (event) => {
    // Chromium reports many of a clip's chunks with an encodedDataLength of 0 (383 of 628 in one run of this bench)
    // and the wire total only at loadingFinished, so a clip still downloading at the first frame was undercounted,
    // at times to nothing: a chunk's bytes as received stand in (a clip is not content-encoded).
    requests
      .get(event.requestId)
      ?.chunks.push({ at: event.timestamp * 1000, bytes: event.encodedDataLength || event.dataLength });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finished = { at: event.timestamp * 1000, bytes: event.encodedDataLength };
  });
  return { requests, document: () => document };
}

async function coldLoad(context: BrowserContext, url: string): Promise<Run> {
  const page = await context.newPage();
  await page.addInitScript({ content: WATCH_FIRST_REEL });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", FAST_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: REELS_BENCH.cpuThrottleRate });
  const traffic = recordTraffic(cdp);

  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(
    () => (window as Window & { __firstReel?: { frame: number | null } }).__firstReel?.frame != null,
    undefined,
    { timeout: FRAME_TIMEOUT_MS, polling: 50 },
  );
  const seen = await page.evaluate(() => {
    const noted = (window as Window & { __firstReel?: { frame: number; playing: number } }).__firstReel;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { frame: noted?.frame ?? 0, playing: noted?.playing ?? 0, requestStart: navigation.requestStart };
  });
  const document = traffic.document();
  if (!document) throw new Error("the document's response carried no timing");
  // The first frame on CDP's clock.
  const frameAt = document.requestTimeMs + document.sendStartMs + (seen.frame - seen.requestStart);

  let bytes = 0;
  let videoBytes = 0;
  const bytesByType: Record<string, number> = {};
  let requests = 0;
  let offsite = 0;
  for (const request of traffic.requests.values()) {
    if (!LOOPBACK.test(request.url) && !/^(data|blob):/.test(request.url)) offsite += 1;
    const got =
      request.finished && request.finished.at <= frameAt
        ? request.finished.bytes
        : request.chunks.filter((chunk) => chunk.at <= frameAt).reduce((sum, chunk) => sum + chunk.bytes, 0);
    if (got === 0) continue;
    requests += 1;
    bytes += got;
    if (request.type === "Media") videoBytes += got;
    bytesByType[request.type] = (bytesByType[request.type] ?? 0) + got;
  }
  await page.close();
  return {
    firstFrameMs: seen.frame,
    playingMs: seen.playing,
    bytes,
    videoBytes,
    bytesByType,
    requests,
    offsite,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One warm-up load, then RUNS cold loads of `url`, each in a new browser context. */
async function coldLoads(url: string, { http2 }: { http2: boolean }): Promise<Run[]> {
  const browser = await launchLoopbackChromium(http2 ? [ACCEPT_PROXY_CERTIFICATE] : []);
  const runs: Run[] = [];
  try {
    for (let index = 0; index <= REELS_BENCH.runs; index += 1) {
      const context = await browser.newContext({
        ...devices["Pixel 7"],
        viewport: REELS_BENCH.viewport,
        serviceWorkers: "block",
      });
      try {
        const run = await coldLoad(context, url);
        // The first load warms the server (and the proxy's connections) up.
        if (index > 0) runs.push(run);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return runs;
}

/** The `name=value` lines of one protocol's runs; `prefix` is `reels` (HTTP/1.1) or `reels_http2`. */
function figures(prefix: string, label: string, runs: Run[]): string[] {
  const frames = runs.map((run) => run.firstFrameMs);
  const bytes = runs.map((run) => run.bytes);
  const round = (value: number) => value.toFixed(0);
  return [
    `# ${prefix}: ${runs.length} cold loads of /reels over ${label} at 390x844, CPU 4x slower, Fast 4G (8.1/1.35 Mbps, 165 ms RTT); per load first frame ms / bytes before it (requests, video bytes): ${runs
      .map((run) => `${round(run.firstFrameMs)}/${run.bytes} (${run.requests}, ${run.videoBytes})`)
      .join(", ")}`,
    `# ${prefix}: bytes before the first frame by type, p50: ${[
      ...new Set(runs.flatMap((run) => Object.keys(run.bytesByType))),
    ]
      .map((type) => `${type} ${round(median(runs.map((run) => run.bytesByType[type] ?? 0)))}`)
      .join(", ")}`,
    `${prefix}_offsite_requests=${runs.reduce((sum, run) => sum + run.offsite, 0)}`,
    `${prefix}_playing_event_p50_ms=${round(median(runs.map((run) => run.playingMs)))}`,
    `${prefix}_video_bytes_before_first_frame_p50=${round(median(runs.map((run) => run.videoBytes)))}`,
    `${prefix}_bytes_before_first_frame_p50=${round(median(bytes))}`,
    `${prefix}_bytes_before_first_frame_max=${Math.max(...bytes)}`,
    `${prefix}_first_frame_max_ms=${round(Math.max(...frames))}`,
    `${prefix}_first_frame_p50_ms=${round(median(frames))}`,
  ];
}

/** Serves the build, measures RUNS cold loads of /reels over each protocol, stops the server; answers the
 * `name=value` lines. */
export async function benchReels(): Promise<string[]> {
  rmSync(STATE, { recursive: true, force: true });
  // A fresh seeded database of its own, as the e2e server prepares one (its output kept off the figures).
  execFileSync("npx", ["tsx", "scripts/prepare-local-db.ts"], {
    env: { ...offlineEnv(), NUKKAD_PERSIST_TO: STATE },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = await serveBuildFrom(STATE, REELS_BENCH.port);
  try {
    const http1 = await coldLoads(`http://127.0.0.1:${REELS_BENCH.port}/reels`, { http2: false });
    const proxy = await startH2Proxy(Number(REELS_BENCH.port));
    try {
      const http2 = await coldLoads(`${proxy.origin}/reels`, { http2: true });
      return [...figures("reels", "HTTP/1.1", http1), ...figures("reels_http2", "HTTP/2", http2)];
    } finally {
      await proxy.stop();
    }
  } finally {
    await stop();
  }
}

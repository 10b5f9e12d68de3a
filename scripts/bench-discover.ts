// Discover's first paint at scale (issue 16), a section of scripts/bench.ts: `npm run bench -- --only discover` runs
// it alone (after `npx remix vite:build`: it serves that build). How soon a phone shows stalls on /discover, in the
// map view (its default) and the list view, and the longest task that blocked it.
//
// - The production build, served in workerd by serveBuild (scripts/lib/wrangler.ts) on its own port (8798) over a
//   fresh local database of its own (.wrangler/bench-discover-state-8798): the seed data, then 10,000 synthetic
//   stalls (`npm run db:seed -- --stalls 10000`). The server stops at the end.
// - Debian's Chromium through playwright-core, a 390x844 phone (Pixel 7 at 390 px), the CPU slowed 4x (CDP
//   Emulation.setCPUThrottlingRate), no network throttle: loopback, so the figures are the page's own work.
// - A first-time visitor (no area cookie: New Delhi at zoom 13), location never asked. One warm-up load per view,
//   then RUNS cold loads in new browser contexts (empty HTTP cache, service workers blocked).
// - Painted: the start of the first animation frame after an element entered the DOM, in ms from navigation start
//   (a MutationObserver and requestAnimationFrame from the page's first script): in the map view the first marker
//   (of the preview the server draws, or of the map) and the map's own first marker; in the list view the first
//   card. Long tasks: the Long Tasks API, everything up to 1 s after the last of those paints.
// - Map tiles come from openstreetmap.org, which this machine cannot reach: every off-loopback request fails at
//   once at a closed proxy port, so the map paints without tiles, as it would before they arrive.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { type BrowserContext, devices } from "playwright-core";
import { launchLoopbackChromium, serveBuildFrom } from "./lib/bench-browser";
import { offlineEnv } from "./lib/wrangler";

const BENCH = {
  port: "8798",
  runs: 5,
  stalls: 10_000,
  cpuThrottleRate: 4,
  viewport: { width: 390, height: 844 },
};
const STATE = `.wrangler/bench-discover-state-${BENCH.port}`;
const PAINT_TIMEOUT_MS = 30_000;
/** Tasks are watched this long after the first paint: the map's work right after it counts. */
const SETTLE_MS = 1_000;

type View = "map" | "list";
interface Run {
  /** Per FIRST_PAINTS name, ms from navigation start. */
  paintedMs: Record<string, number>;
  longestTaskMs: number;
  tasksOver50: number;
}

/** What the page notes from its first script on: when the first element matching each selector was painted. A
 * string: tsx would wrap inner functions in a helper the page does not have. */
const watchFirstPaints = (selectors: Record<string, string>) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const noted = { painted: {}, tasks: [] };
  window.__discover = noted;
  const observer = new MutationObserver(() => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (name in noted.painted || !document.querySelector(selector)) continue;
      noted.painted[name] = null;
      requestAnimationFrame((frameStart) => { noted.painted[name] = frameStart; });
    }
    if (Object.keys(noted.painted).length === Object.keys(selectors).length) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) noted.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
})();`;

/**
 * What each view shows of the stalls first. The map: a marker of the preview the server draws or of the map
 * itself, and the map's own (Leaflet's) first marker, which a visitor can open. The list: a card's link (not a
 * stall link elsewhere on the page).
 */
const FIRST_PAINTS: Record<View, Record<string, string>> = {
  map: {
    first_marker: "[data-map-preview-marker], .leaflet-marker-icon",
    map_marker: ".leaflet-marker-icon",
  },
  list: { first_card: "main ul a[href^='/stall/']" },
};

async function coldLoad(context: BrowserContext, url: string, view: View): Promise<Run> {
  const page = await context.newPage();
  const selectors = FIRST_PAINTS[view];
  await page.addInitScript({ content: watchFirstPaints(selectors) });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: BENCH.cpuThrottleRate });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(
    (count) => {
      const painted = (window as Window & { __discover?: { painted: Record<string, number | null> } })
        .__discover?.painted;
      return painted && Object.values(painted).filter((at) => at !== null).length === count;
    },
    Object.keys(selectors).length,
    { timeout: PAINT_TIMEOUT_MS, polling: 50 },
  );
  await page.waitForTimeout(SETTLE_MS * BENCH.cpuThrottleRate);
  const noted = await page.evaluate(
    () =>
      (
        window as Window & {
          __discover?: { painted: Record<string, number>; tasks: { start: number; duration: number }[] };
        }
      ).__discover,
  );
  await page.close();
  if (!noted) throw new Error("the page noted nothing");
  const last = Math.max(...Object.values(noted.painted));
  const counted = noted.tasks.filter((task) => task.start <= last + SETTLE_MS);
  return {
    paintedMs: noted.painted,
    longestTaskMs: Math.max(0, ...counted.map((task) => task.duration)),
    tasksOver50: counted.length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function prepareDatabase() {
  rmSync(STATE, { recursive: true, force: true });
  const env = { ...offlineEnv(), NUKKAD_PERSIST_TO: STATE };
  // Output kept off the figures.
  const quiet = { env, stdio: ["ignore", "ignore", "inherit"] as ("ignore" | "inherit")[] };
  execFileSync("npx", ["tsx", "scripts/prepare-local-db.ts"], quiet);
  execFileSync(
    "npx",
    [
      "tsx",
      "--import",
      "./scripts/lib/wasm-modules.mjs",
      "scripts/seed.ts",
      "--stalls",
      String(BENCH.stalls),
    ],
    quiet,
  );
}

/** Serves the build over 10,000 stalls, measures cold loads of each view, stops the server; answers the lines. */
export async function benchDiscover(): Promise<string[]> {
  if (!existsSync("build/server/index.js") || !existsSync("build/client"))
    throw new Error("The discover section serves the production build: run `npx remix vite:build` first");
  prepareDatabase();
  const stop = await serveBuildFrom(STATE, BENCH.port);
  const browser = await launchLoopbackChromium();
  const runs: Record<View, Run[]> = { map: [], list: [] };
  try {
    for (const view of ["map", "list"] as const) {
      const url = `http://127.0.0.1:${BENCH.port}/discover${view === "list" ? "?view=list" : ""}`;
      for (let index = 0; index <= BENCH.runs; index += 1) {
        const context = await browser.newContext({
          ...devices["Pixel 7"],
          viewport: BENCH.viewport,
          serviceWorkers: "block",
        });
        try {
          const run = await coldLoad(context, url, view);
          // The first load of each view warms the server up.
          if (index > 0) runs[view].push(run);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await stop();
  }

  const round = (value: number) => value.toFixed(0);
  return (["map", "list"] as const).flatMap((view) => {
    const names = Object.keys(FIRST_PAINTS[view]);
    const longest = runs[view].map((run) => run.longestTaskMs);
    return [
      `# discover ${view}: ${runs[view].length} cold loads of /discover${view === "list" ? "?view=list" : ""} at ${BENCH.stalls} stalls, 390x844, CPU 4x slower; per load ${names.join(" / ")} ms, longest task ms (long tasks): ${runs[
        view
      ]
        .map(
          (run) =>
            `${names.map((name) => round(run.paintedMs[name] ?? 0)).join("/")}, ${round(run.longestTaskMs)} (${run.tasksOver50})`,
        )
        .join("; ")}`,
      `discover_${view}_longest_task_max_ms=${round(Math.max(...longest))}`,
      ...names.flatMap((name) => {
        const painted = runs[view].map((run) => run.paintedMs[name] ?? 0);
        return [
          `discover_${view}_${name}_max_ms=${round(Math.max(...painted))}`,
          `discover_${view}_${name}_p50_ms=${round(median(painted))}`,
        ];
      }),
    ];
  });
}

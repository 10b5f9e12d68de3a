// Discover's first paint at scale (issues 16 and 35), a section of scripts/bench.ts: `npm run bench -- --only discover`
// runs it alone (it serves the production build, made first when there is none). How soon a phone shows stalls on /discover, in
// the map view (its default) and the list view, and the longest task that blocked it, for three visitors.
//
// - The production build, served in workerd by serveBuild (scripts/lib/wrangler.ts) on its own port (8798) over a
//   fresh local database of its own (.wrangler/bench-discover-state-8798): the seed data, then 10,000 synthetic
//   stalls (`npm run db:seed -- --stalls 10000`). The server stops at the end.
// - Debian's Chromium through playwright-core, a 390x844 phone (Pixel 7 at 390 px), the CPU slowed 4x (CDP
//   Emulation.setCPUThrottlingRate), no network throttle: loopback, so the figures are the page's own work.
// - The visitors (VISITORS): a first visit without location (no area cookie: New Delhi at zoom 13, location never
//   asked); a returning visitor who allowed location, in Koramangala, with the area cookie their last visit wrote
//   (1 km away: the page finds them and moves the map); and one who allowed location elsewhere (Home) but has no
//   area cookie, so the server can only send New Delhi. One warm-up load per visitor and view, then RUNS cold loads
//   in new browser contexts (empty HTTP cache, service workers blocked).
// - Painted: the start of the first animation frame after an element entered the DOM and then stayed, in ms from
//   navigation start (a MutationObserver and requestAnimationFrame from the page's first script). A blank between
//   (the preview of one area dropped before the next one's markers come) starts the count again, so markers or cards
//   that vanish do not count; for a located visitor only cards of stalls near them count, and where the server could
//   not know their area (no cookie), only markers of a map showing their You are here dot. In the map view the
//   first marker (of the preview the page draws, or of the map) and the map's own first marker; in the list view
//   the first card. Long tasks: the Long Tasks API, from navigation until the page has shown everything for 4 s
//   (SETTLE_MS at the CPU's 4x) with nothing appearing or vanishing.
// - Map tiles come from openstreetmap.org, which this machine cannot reach: every off-loopback request fails at
//   once at a closed proxy port, so the map paints without tiles, as it would before they arrive.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { type Browser, type BrowserContext, devices } from "playwright-core";
import { launchLoopbackChromium, serveBuildFrom } from "./lib/bench-browser";
import { BENCH_PORTS } from "./lib/bench-ports";
import { offlineEnv } from "./lib/wrangler";

const BENCH = {
  port: BENCH_PORTS.discover,
  runs: 5,
  stalls: 10_000,
  cpuThrottleRate: 4,
  viewport: { width: 390, height: 844 },
};
const STATE = `.wrangler/bench-discover-state-${BENCH.port}`;
const BASE = `http://127.0.0.1:${BENCH.port}`;
const PAINT_TIMEOUT_MS = 30_000;
/** How long everything must have stayed shown before a load counts as settled, times the CPU's slowdown. */
const SETTLE_MS = 1_000;

/** Koramangala, Bangalore: a seeded neighbourhood far from the default area (New Delhi). */
const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };

interface Visitor {
  /** What the output says of them. */
  label: string;
  /** Where the browser says they are (location already allowed), or null: never asked. */
  position: typeof KORAMANGALA | null;
  /** The `nukkad-area` cookie their last visit to Discover wrote, if any. */
  areaCookie: string | null;
}

const VISITORS = {
  first_visit: {
    label: "a first visit without location (no area cookie: New Delhi)",
    position: null,
    areaCookie: null,
  },
  returning: {
    label:
      "a returning visitor with location allowed, in Koramangala, whose last visit left the map 1 km south",
    position: KORAMANGALA,
    areaCookie: "12.9262,77.6245,13",
  },
  located_no_cookie: {
    label: "location allowed elsewhere, in Koramangala, but no area cookie (the server sends New Delhi)",
    position: KORAMANGALA,
    areaCookie: null,
  },
} satisfies Record<string, Visitor>;
type VisitorName = keyof typeof VISITORS;

type View = "map" | "list";
interface Run {
  /** Per selector name, ms from navigation start. */
  paintedMs: Record<string, number>;
  /** Per selector name, how often what was shown vanished again. */
  blanks: Record<string, number>;
  longestTaskMs: number;
  tasksOver50: number;
}

interface Noted {
  painted: Record<string, number | null>;
  blanks: Record<string, number>;
  changedAt: number;
  tasks: { start: number; duration: number }[];
}

/** What the page notes from its first script on: for each selector, when what it matches was painted and stayed.
 * A string: tsx would wrap inner functions in a helper the page does not have. */
const watchFirstPaints = (selectors: Record<string, string>) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const noted = { painted: {}, blanks: {}, changedAt: 0, tasks: [] };
  window.__discover = noted;
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(selectors)) {
      const shown = document.querySelector(selector) !== null;
      if (shown === (name in noted.painted)) continue;
      noted.changedAt = performance.now();
      if (!shown) {
        delete noted.painted[name];
        noted.blanks[name] = (noted.blanks[name] || 0) + 1;
        continue;
      }
      noted.painted[name] = null;
      requestAnimationFrame((frameStart) => {
        if (noted.painted[name] === null) noted.painted[name] = frameStart;
      });
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) noted.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
})();`;

const MARKERS = "[data-map-preview-marker], .leaflet-marker-icon";
const CARDS = "main ul a[href^='/stall/']";

/** A marker of a map showing the visitor's You are here dot (its one vector layer): the map has moved to them. */
const MARKERS_AROUND_VISITOR = ".leaflet-container:has(.leaflet-overlay-pane path) .leaflet-marker-icon";

/**
 * What each view shows of the stalls first. The map: a marker of the preview the page draws or of the map itself,
 * and the map's own (Leaflet's) first marker, which a visitor can open; for a located visitor whose area the server
 * could not know (no area cookie), only the map's markers once it shows them, as the other area's stay until the
 * map moves. The list: a card's link (not a stall link elsewhere on the page); for a located visitor, only a card
 * of one of the stalls near them.
 */
function firstPaints(
  view: View,
  nearIds: readonly string[] | null,
  areaUnknown: boolean,
): Record<string, string> {
  if (view === "map" && areaUnknown)
    return { first_marker: MARKERS_AROUND_VISITOR, map_marker: MARKERS_AROUND_VISITOR };
  if (view === "map") return { first_marker: MARKERS, map_marker: ".leaflet-marker-icon" };
  if (!nearIds) return { first_card: CARDS };
  return { first_card: `main ul :is(${nearIds.map((id) => `a[href='/stall/${id}']`).join(", ")})` };
}

/** The stalls a map around `position` would show: the page's own box query, 200 nearest. */
async function stallIdsNear(position: typeof KORAMANGALA): Promise<string[]> {
  const { latitude: lat, longitude: lng } = position;
  const bbox = [lng - 0.1, lat - 0.1, lng + 0.1, lat + 0.1].join(",");
  const response = await fetch(`${BASE}/api/shop?bbox=${bbox}&near=${lat},${lng}&limit=200`);
  const body = (await response.json()) as { items: { id: string }[] };
  if (body.items.length === 0) throw new Error("no stalls near the returning visitor");
  return body.items.map((item) => item.id);
}

async function coldLoad(
  context: BrowserContext,
  url: string,
  selectors: Record<string, string>,
): Promise<Run> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchFirstPaints(selectors) });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: BENCH.cpuThrottleRate });
  await page.goto(url, { waitUntil: "commit" });
  // Settled: everything shown, and nothing shown or vanished for SETTLE_MS (throttled time runs slower).
  await page.waitForFunction(
    ({ count, settleMs }) => {
      const noted = (window as Window & { __discover?: Noted }).__discover;
      if (!noted) return false;
      const shown = Object.values(noted.painted).filter((at) => at !== null).length;
      return shown === count && performance.now() - noted.changedAt > settleMs;
    },
    { count: Object.keys(selectors).length, settleMs: SETTLE_MS * BENCH.cpuThrottleRate },
    { timeout: PAINT_TIMEOUT_MS, polling: 100 },
  );
  const noted = await page.evaluate(() => (window as Window & { __discover?: Noted }).__discover);
  await page.close();
  if (!noted) throw new Error("the page noted nothing");
  return {
    paintedMs: noted.painted as Record<string, number>,
    blanks: noted.blanks,
    longestTaskMs: Math.max(0, ...noted.tasks.map((task) => task.duration)),
    tasksOver50: noted.tasks.length,
  };
}

async function newVisitorContext(browser: Browser, visitor: Visitor): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: BENCH.viewport,
    serviceWorkers: "block",
    ...(visitor.position ? { geolocation: visitor.position, permissions: ["geolocation"] } : {}),
  });
  if (visitor.areaCookie)
    await context.addCookies([{ name: "nukkad-area", value: visitor.areaCookie, url: BASE }]);
  return context;
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

/** Serves the build over 10,000 stalls, measures cold loads of each view for each visitor, stops the server;
 * answers the lines. */
export async function benchDiscover(): Promise<string[]> {
  prepareDatabase();
  const stop = await serveBuildFrom(STATE, BENCH.port);
  const browser = await launchLoopbackChromium();
  const lines: string[] = [];
  try {
    const nearIds = await stallIdsNear(KORAMANGALA);
    for (const [name, visitor] of Object.entries(VISITORS) as [VisitorName, Visitor][]) {
      for (const view of ["map", "list"] as const) {
        const path = `/discover${view === "list" ? "?view=list" : ""}`;
        const selectors = firstPaints(
          view,
          visitor.position ? nearIds : null,
          visitor.position !== null && visitor.areaCookie === null,
        );
        const runs: Run[] = [];
        for (let index = 0; index <= BENCH.runs; index += 1) {
          const context = await newVisitorContext(browser, visitor);
          try {
            const run = await coldLoad(context, `${BASE}${path}`, selectors);
            // The first load of each view warms the server up.
            if (index > 0) runs.push(run);
          } finally {
            await context.close();
          }
        }
        lines.push(...report(name, visitor, view, path, Object.keys(selectors), runs));
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  return lines;
}

function report(
  name: VisitorName,
  visitor: Visitor,
  view: View,
  path: string,
  names: string[],
  runs: Run[],
): string[] {
  const round = (value: number) => value.toFixed(0);
  const longest = runs.map((run) => run.longestTaskMs);
  const blanks = runs.reduce((sum, run) => sum + Object.values(run.blanks).reduce((a, b) => a + b, 0), 0);
  return [
    `# discover ${name} ${view}: ${visitor.label}; ${runs.length} cold loads of ${path} at ${BENCH.stalls} stalls, 390x844, CPU 4x slower; per load ${names.join(" / ")} ms, longest task ms (long tasks): ${runs
      .map(
        (run) =>
          `${names.map((key) => round(run.paintedMs[key] ?? 0)).join("/")}, ${round(run.longestTaskMs)} (${run.tasksOver50})`,
      )
      .join("; ")}; shown then vanished ${blanks} times`,
    `discover_${name}_${view}_longest_task_max_ms=${round(Math.max(...longest))}`,
    `discover_${name}_${view}_longest_task_p50_ms=${round(median(longest))}`,
    ...names.flatMap((key) => {
      const painted = runs.map((run) => run.paintedMs[key] ?? 0);
      return [
        `discover_${name}_${view}_${key}_max_ms=${round(Math.max(...painted))}`,
        `discover_${name}_${view}_${key}_p50_ms=${round(median(painted))}`,
      ];
    }),
  ];
}

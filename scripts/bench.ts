// Benchmarks two searches on local D1 in workerd, through Miniflare's Node API: no wrangler, no network. Each size
// gets a fresh in-memory database, so every run starts clean.
//   npm run bench
// - Nearby stalls (findNearbyStalls) against the spec prototype's naive approach (read every approved stall,
//   measure every distance in JS), at 1,000 and 100,000 stalls.
// - Full-text search (searchStalls on its FTS5 indexes, ADR 006) against a LIKE scan of the same columns,
//   and suggestions (suggest), at 100,000 stalls, in the same run.
// - The /search page's counts (discoveryCategories and tagCounts, the reads its loader makes besides the search),
//   read from the count tables that triggers keep (migrations/0006_search_counts.sql), against a recount over
//   every approved stall, at every size.
// - Discover's map query (findStallsInBox, ADR 015): the stalls in a desktop map's box around each point.
// - Password hashing (argon2id, ADR 011): wall-clock and workerd CPU time per hash, measured first on its own.
// - Food Trails (issue 18): the trail optimiser over 1,000 random trails of the seeded stalls (scripts/bench-trails.ts,
//   in Node), and Feeling Hungry's generator (generateTrail, POST /api/trails/generate) near each point at 100,000
//   stalls; printed last. `npm run bench -- --only trails` runs this section alone (at 100,000 stalls only).
// - The community feed (issue 19, scripts/bench-community.ts): For You and Following at 1,000,000 posts and 100,000
//   follows, on a database of its own; printed after the trails. `npm run bench -- --only community` runs it alone.
// - The notifications inbox (issue 20, scripts/bench-notifications.ts): the bell's unread count and the inbox's pages
//   at 1,000,000 notification rows over 10,000 people, on a database (and KV) of its own; printed after the feed.
//   `npm run bench -- --only notifications` runs it alone.
// - The reels feed (issue 21, scripts/bench-reels.ts): time to the first reel's first frame on /reels and the bytes
//   downloaded by then, in Chromium at 390x844 with the CPU 4x slower and DevTools' Fast 4G network, 5 cold loads of
//   the production build served on port 8794 over a seeded database of its own;
//   printed after the notifications. `npm run bench -- --only reels` runs it alone.
// - The installed app's repeat visit (issue 23, scripts/bench-pwa.ts): Home over a Slow 3G link with the service
//   worker, with the HTTP cache only, with neither, and offline with the worker; printed after Lighthouse. `npm run bench -- --only pwa` runs it alone.
// - Discover at 10,000 stalls (issue 16, scripts/bench-discover.ts): the first marker (map view) and first card (list
//   view) painted on a 390x844 phone with the CPU 4x slower, and the longest task, 5 cold loads of the production
//   build each; printed after the reels. `npm run bench -- --only discover` runs it alone.
// - Lighthouse's mobile performance and accessibility (issues 16 and 35, scripts/bench-lighthouse.ts) on Home,
//   Discover, a stall, /search, /auth, /feed, /reels and a curated trail, five runs each (Lighthouse 12.8.2 through
//   npx: the one download the bench makes), after LCP p75 of five cold loads per page with applied throttling (CPU
//   4x, DevTools' Slow 4G) over HTTP/1.1 and over HTTP/2; printed after Discover. `npm run bench -- --only
//   lighthouse` runs it alone.
// - The Worker (issue 35, scripts/bench-worker-size.ts): its upload's gzip size, its main module's, and its startup
//   CPU time from `wrangler check startup`; printed before relevance. `npm run bench -- --only worker` runs it alone.
// - Search relevance (issues 17 and 34, scripts/bench-relevance.ts): recall@5 and MRR of the relevance table
//   (tests/relevance/) overall, per kind and per script, then search p50/p99 per script at 100,000 stalls, on
//   databases of its own; printed before `npm start`'s section. `npm run bench -- --only relevance` runs it alone.
// - `npm start` (issue 35, scripts/bench-start.ts): the first start of a fresh copy of this tree and the start after
//   it, seconds to /api/health and per step; printed last. `npm run bench -- --only start` runs it alone.
// The sections that serve the production build (reels, discover, Lighthouse, the installed app, the Worker) make it
// first when there is none, as in a fresh clone (scripts/lib/bench-build.ts); their ports move with BENCH_PORT_BASE
// (scripts/lib/bench-ports.ts).
// Prints `name=value` figures: the password figures, then the nearby section, which ends with its two headline
// figures, then the search section with its three headline figures last, then each section above in turn. Exits non-zero only for a correctness failure (the indexed
// nearby search disagrees with the naive one, the FTS and LIKE searches answer differently, or the page's counts
// differ from a recount), never for a missed performance target.
//
// This file is the Node script; the Worker it measures is scripts/bench-worker-entry.ts. Miniflare's
// getD1Database() hands Node a proxy on which every property read and call (prepare, bind, ...) is a blocking round
// trip to workerd, so driving drizzle from Node measures the proxy, not the query (1,000 stalls took 18 s to insert,
// and 100,000 failed inside the proxy). Instead main() bundles `benchWorker` with esbuild, runs it in workerd with the
// D1 binding, and times each search from Node around one request to it: what a visitor's request would cost,
// plus one loopback hop that the figures print as `request_overhead_p50_ms` so it can be allowed for. (Inside
// workerd the clock only moves on I/O, so the Worker could not time its own JS work.)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Miniflare } from "miniflare";
import { ARGON2_PARAMS as ARGON2_BENCH } from "../app/lib/auth/password";
import type { LatLng } from "../app/lib/rules/geo";
import { DEFAULT_TIME_ZONE } from "../app/lib/rules/options";
import { SEARCH_MATCH_CAP } from "../app/lib/rules/search-query";
import { benchCommunity, COMMUNITY } from "./bench-community";
import { benchNotifications } from "./bench-notifications";
import { benchTrailOptimiser } from "./bench-trails";
import {
  type BoxResult,
  GENERATE_START,
  type GenerateAnswer,
  type PageCounts,
  RELATED_TAGS,
  SEARCH_LIMIT,
  type SearchAnswer,
  type SearchResult,
} from "./bench-worker-entry";
import { ensureBuild } from "./lib/bench-build";
import { BENCH_WORKERS, bundleWorker, migrationStatements } from "./lib/bench-worker";
import { collectGarbage } from "./lib/collect-garbage";
import { workerdCpuReader } from "./lib/workerd-cpu";
import { embeddedStalls, NEIGHBOURHOODS, syntheticStalls } from "./seed-data";

const SIZES = [1_000, 10_000, 100_000];
/** Password hashes timed, one request each, after the warm-up. */
const HASH_REPS = 20;
const SEED = 20260427;
/** Stalls per seeding request: their statements go to D1 as one db.batch (one round trip, one transaction). */
const SEED_BATCH_STALLS = 500;
const WARMUP = 2;
const NEARBY_REPS = 10;
/** The naive search reads the whole table, so at 100k it is repeated less. */
const naiveReps = (size: number) => (size >= 100_000 ? 2 : 5);
const TARGETS = { speedup: 50, rowsReadPerReturned: 3, growth: 2 };

/** Search is measured at this size only, after the nearby figures, on the same database. */
const SEARCH_SIZE = 100_000;
/** What people type, by kind: dish words, places, two-word phrases, a fragment ("iry" is inside Biryani), a tag
 * that a third of the stalls carry. */
const SEARCH_QUERIES: { query: string; kind: string }[] = [
  { query: "dosa", kind: "dish" },
  { query: "biryani", kind: "dish" },
  { query: "chai", kind: "dish" },
  { query: "momos", kind: "dish" },
  { query: "koramangala", kind: "place" },
  { query: "chandni", kind: "place" },
  { query: "paneer tikka", kind: "phrase" },
  { query: "masala dosa", kind: "phrase" },
  { query: "iry", kind: "fragment" },
  { query: "spicy", kind: "tag" },
];
const SUGGEST_PREFIXES = ["do", "bir", "mom", "cha"];
const SEARCH_REPS = 10;
/** A LIKE search reads the whole table, so it is repeated less. */
const LIKE_REPS = 3;
const SEARCH_TARGETS = { speedup: 20, p50Ms: 8, p99Ms: 15 };
/** Feeling Hungry's generator is timed at this size only: 3 stops near each point, from a Wednesday evening (most
 * stalls are open then, so the figures do not depend on when the benchmark runs). */
const GENERATE_SIZE = 100_000;
const GENERATE_REPS = 10;
const GENERATE_TARGETS = { p50Ms: 20 };
/** The page's count reads, timed at every size. */
const PAGE_REPS = 20;

/** Query points near, not on, each neighbourhood centre (where the synthetic stalls cluster): about 450 m
 * away, in a direction that turns from one point to the next. */
const POINTS: LatLng[] = NEIGHBOURHOODS.map((place, index) => {
  const angle = index * 2.399963;
  return { lat: place.lat + 0.004 * Math.sin(angle), lng: place.lng + 0.004 * Math.cos(angle) };
});

/** Related tags come from the best 200, which only one side orders by bm25, so they are not compared. */
const sameAnswer = (a: SearchAnswer, b: SearchAnswer) =>
  a.returned === b.returned && a.total === b.total && a.totalCapped === b.totalCapped;

/** The same counts, whatever order each side listed them in. */
const samePageCounts = (a: PageCounts, b: PageCounts) => {
  const sorted = (counts: Record<string, number>) => JSON.stringify(Object.entries(counts).sort());
  return sorted(a.categories) === sorted(b.categories) && sorted(a.tags) === sorted(b.tags);
};

// ---------------------------------------------------------------------------------------------------------------
// The Node script: builds the Worker, seeds each size, times the searches and prints the figures.

interface PointResult {
  nearbyMs: number[];
  naiveMs: number[];
  nearbyRowsRead: number;
  nearbyReturned: number;
  naiveRowsRead: number;
  boxMs: number[];
  boxReturned: number;
  boxRowsRead: number;
}

interface QueryTimings {
  query: string;
  kind: string;
  ftsMs: number[];
  likeMs: number[];
  /** The one search timed right after the LIKE scans. */
  ftsAfterScanMs: number;
  fts: SearchAnswer;
  like: SearchAnswer;
}

interface SearchTimings {
  queries: QueryTimings[];
  suggestMs: number[];
  /** workerd's CPU time per request on each side, when /proc can tell (see workerdCpuReader). */
  cpuMsPerRequest: { fts: number; like: number } | null;
}

interface SizeResult {
  size: number;
  seedSeconds: number;
  overheadMs: number[];
  points: PointResult[];
  /** The /search page's count reads from the count tables, and the recount they replace. */
  pageMs: number[];
  recountMs: number[];
  search: SearchTimings | null;
  generate: GenerateTimings | null;
}

interface GenerateTimings {
  ms: number[];
  answers: GenerateAnswer[];
}

/** drizzle-kit output: files applied in name order, statements separated by breakpoint markers. */
/** The .wasm modules the bundled password hashing imports, as Miniflare modules next to the script. */
function wasmModules() {
  const require = createRequire(import.meta.url);
  return ["argon2", "blake2b"].map((name) => ({
    type: "CompiledWasm" as const,
    path: join(import.meta.dirname, `${name}.wasm`),
    contents: readFileSync(require.resolve(`argon2-wasm-edge/wasm/${name}.wasm`)),
  }));
}

/** /proc/<pid>/stat's fields after the command name: [1] is the parent, [11] and [12] user and system time. */
/** A request to the bench worker: JSON answers parsed, others undefined; anything but 2xx throws. */
function callerOf(mf: { dispatchFetch: Miniflare["dispatchFetch"] }) {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await mf.dispatchFetch(`http://bench${path}`, {
      method: body === undefined ? "GET" : "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.headers.get("content-type")?.includes("json")
      ? ((await response.json()) as T)
      : (undefined as T);
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const label = (size: number) => (size % 1000 === 0 ? `${size / 1000}k` : String(size));

/** Equal distances may come in either order, so two lists may differ at a position only by a tie. */
function disagreement(indexed: SearchResult["found"], expected: SearchResult["found"]): string | null {
  if (indexed.length !== expected.length)
    return `returned ${indexed.length} stalls, naive ${expected.length}`;
  for (const [i, a] of indexed.entries()) {
    const b = expected[i] as (typeof expected)[number];
    if (a.id !== b.id && Math.abs(a.distance - b.distance) > 1e-9) {
      return `at position ${i + 1} ${a.id} (${a.distance.toFixed(4)} km), naive ${b.id} (${b.distance.toFixed(4)} km)`;
    }
  }
  return null;
}

/** The sections that drive Chromium. */
const BROWSER_SECTIONS = ["reels", "discover", "lighthouse", "pwa"];

/** Installs Chromium, or stops with the command that does, before minutes of seeding go to waste without it. */
function ensureChromium(only: string | undefined) {
  const rerun = `npm run bench${only ? ` -- --only ${only}` : ""}`;
  const result = spawnSync("npx", ["tsx", "scripts/ensure-chromium.ts", rerun], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const { values: args } = parseArgs({ options: { only: { type: "string" } } });
  const sections = [
    "trails",
    "community",
    "notifications",
    "reels",
    "discover",
    "lighthouse",
    "pwa",
    "relevance",
    "worker",
    "start",
  ];
  if (args.only !== undefined && !sections.includes(args.only))
    throw new Error(`--only takes one section: ${sections.join(" or ")}`);
  if (args.only === undefined || BROWSER_SECTIONS.includes(args.only)) ensureChromium(args.only);
  // The reels section drives Chromium against the production build: no Worker of this file, no Miniflare here.
  if (args.only === "reels") {
    await benchReelsSection();
    return;
  }
  if (args.only === "discover") {
    await benchDiscoverSection();
    return;
  }
  if (args.only === "lighthouse") {
    await benchLighthouseSection();
    return;
  }
  if (args.only === "pwa") {
    await benchPwaSection();
    return;
  }
  if (args.only === "relevance") {
    await benchRelevanceSection();
    return;
  }
  if (args.only === "worker") {
    await benchWorkerSizeSection();
    return;
  }
  if (args.only === "start") {
    await benchStartSection();
    return;
  }
  /** `--only trails`: the Food Trails section alone. */
  const trailsOnly = args.only === "trails";
  // Keep Miniflare on loopback: no telemetry, no Request.cf download (docs/decisions/002).
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  const { Miniflare } = await import("miniflare");
  const started = performance.now();
  const script = await bundleWorker(BENCH_WORKERS.bench);
  const migrations = migrationStatements();

  async function benchSize(size: number): Promise<SizeResult> {
    // No persist option: D1 lives in memory and disappears with the instance.
    const mf = new Miniflare({
      // An explicit module list: given a `script` string, Miniflare would try to resolve main()'s imports too.
      modules: [
        { type: "ESModule", path: join(import.meta.dirname, "bench-worker.mjs"), contents: script },
        ...wasmModules(),
      ],
      d1Databases: { DB: `bench-db-${size}` },
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
    });
    const call = callerOf(mf);
    async function timed<T>(path: string): Promise<{ ms: number; value: T }> {
      const start = performance.now();
      const value = await call<T>(path);
      return { ms: performance.now() - start, value };
    }

    async function benchPageCounts() {
      for (let i = 0; i < WARMUP; i++) await call("/page-counts");
      const page: { ms: number; value: PageCounts }[] = [];
      for (let i = 0; i < PAGE_REPS; i++) page.push(await timed<PageCounts>("/page-counts"));
      for (let i = 0; i < WARMUP; i++) await call("/page-recount");
      const recount: { ms: number; value: PageCounts }[] = [];
      for (let i = 0; i < PAGE_REPS; i++) recount.push(await timed<PageCounts>("/page-recount"));
      const [read, counted] = [page.at(-1)?.value, recount.at(-1)?.value];
      if (!read || !counted || !samePageCounts(read, counted)) {
        console.error(
          `ERROR ${size} stalls: page counts ${JSON.stringify(read)}, recount ${JSON.stringify(counted)}`,
        );
        process.exitCode = 1;
      }
      return { pageMs: page.map((run) => run.ms), recountMs: recount.map((run) => run.ms) };
    }

    async function benchSearch(): Promise<SearchTimings> {
      const cpu = workerdCpuReader();
      const cpuMs = { fts: 0, like: 0 };
      async function measured(side: "fts" | "like", path: string) {
        const before = cpu?.() ?? 0;
        const run = await timed<SearchAnswer>(path);
        cpuMs[side] += (cpu?.() ?? 0) - before;
        return run;
      }
      // Each side in blocks after its own warm-up, every query's searches first, then every query's scans: a LIKE
      // scan reads all 100,000 stalls, and the searches right after one paid for it (its garbage in workerd, the
      // index pages it pushed out of SQLite's cache), which is not how a search service runs. The one search right
      // after each query's scans is timed on its own (search_fts_after_scan_p50_ms).
      const searched = SEARCH_QUERIES.map(({ query, kind }) => ({
        query,
        kind,
        q: `?q=${encodeURIComponent(query)}`,
      }));
      const ftsRuns: { ms: number; value: SearchAnswer }[][] = [];
      for (const { q } of searched) {
        collectGarbage();
        for (let i = 0; i < WARMUP; i++) await call(`/search${q}`);
        const fts: { ms: number; value: SearchAnswer }[] = [];
        for (let i = 0; i < SEARCH_REPS; i++) fts.push(await measured("fts", `/search${q}`));
        ftsRuns.push(fts);
      }
      const queries: QueryTimings[] = [];
      for (const [index, { query, kind, q }] of searched.entries()) {
        collectGarbage();
        for (let i = 0; i < WARMUP; i++) await call(`/like${q}`);
        const like: { ms: number; value: SearchAnswer }[] = [];
        for (let i = 0; i < LIKE_REPS; i++) like.push(await measured("like", `/like${q}`));
        const afterScan = await timed<SearchAnswer>(`/search${q}`);
        const fts = ftsRuns[index] ?? [];
        queries.push({
          query,
          kind,
          ftsMs: fts.map((run) => run.ms),
          likeMs: like.map((run) => run.ms),
          ftsAfterScanMs: afterScan.ms,
          fts: (fts.at(-1) as (typeof fts)[number]).value,
          like: (like.at(-1) as (typeof like)[number]).value,
        });
      }
      const suggestMs: number[] = [];
      for (const prefix of SUGGEST_PREFIXES) {
        const q = `?q=${encodeURIComponent(prefix)}`;
        for (let i = 0; i < WARMUP; i++) await call(`/suggest${q}`);
        for (let i = 0; i < SEARCH_REPS; i++) suggestMs.push((await timed(`/suggest${q}`)).ms);
      }
      const requests = SEARCH_QUERIES.length;
      const cpuMsPerRequest = cpu
        ? { fts: cpuMs.fts / (requests * SEARCH_REPS), like: cpuMs.like / (requests * LIKE_REPS) }
        : null;
      return { queries, suggestMs, cpuMsPerRequest };
    }

    async function benchGenerate(): Promise<GenerateTimings> {
      const ms: number[] = [];
      const answers: GenerateAnswer[] = [];
      for (const center of POINTS) {
        const query = `?lat=${center.lat}&lng=${center.lng}`;
        for (let i = 0; i < WARMUP; i++) await call(`/generate${query}`);
        for (let i = 0; i < GENERATE_REPS; i++) {
          const run = await timed<GenerateAnswer>(`/generate${query}`);
          ms.push(run.ms);
          answers.push(run.value);
        }
      }
      return { ms, answers };
    }

    try {
      await call("/migrate", migrations);
      const seedStart = performance.now();
      const all = syntheticStalls(size, SEED, Date.now());
      for (let start = 0; start < all.length; start += SEED_BATCH_STALLS) {
        await call("/seed", all.slice(start, start + SEED_BATCH_STALLS));
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;
      console.log(
        `# ${size} stalls seeded in ${seedSeconds.toFixed(1)} s; plan: ${await call<string>("/plan")}`,
      );

      const overheadMs: number[] = [];
      for (let i = 0; i < WARMUP + 50; i++) {
        const { ms } = await timed("/ping");
        if (i >= WARMUP) overheadMs.push(ms);
      }

      const points: PointResult[] = [];
      let failures = 0;
      // --only trails times the generator alone.
      for (const [index, center] of (trailsOnly ? [] : POINTS).entries()) {
        const query = `?lat=${center.lat}&lng=${center.lng}`;
        for (let i = 0; i < WARMUP; i++) await call(`/nearby${query}`);
        const nearbyRuns = [];
        for (let i = 0; i < NEARBY_REPS; i++) nearbyRuns.push(await timed<SearchResult>(`/nearby${query}`));
        // The first point also warms the naive path up; after that it reads the same table every time.
        if (index === 0) for (let i = 0; i < WARMUP; i++) await call(`/naive${query}`);
        const naiveRuns = [];
        for (let i = 0; i < naiveReps(size); i++) naiveRuns.push(await timed<SearchResult>(`/naive${query}`));

        for (let i = 0; i < WARMUP; i++) await call(`/box${query}`);
        const boxRuns = [];
        for (let i = 0; i < NEARBY_REPS; i++) boxRuns.push(await timed<BoxResult>(`/box${query}`));
        const box = (boxRuns[0] as (typeof boxRuns)[number]).value;

        const indexed = (nearbyRuns[0] as (typeof nearbyRuns)[number]).value;
        const expected = (naiveRuns[0] as (typeof naiveRuns)[number]).value;
        const problem = disagreement(indexed.found, expected.found);
        if (problem) {
          failures++;
          const place = NEIGHBOURHOODS[index]?.name;
          console.error(`ERROR ${size} stalls, near ${place} (${center.lat},${center.lng}): ${problem}`);
        }
        points.push({
          nearbyMs: nearbyRuns.map((run) => run.ms),
          naiveMs: naiveRuns.map((run) => run.ms),
          nearbyRowsRead: indexed.rowsRead,
          nearbyReturned: indexed.found.length,
          naiveRowsRead: expected.rowsRead,
          boxMs: boxRuns.map((run) => run.ms),
          boxReturned: box.returned,
          boxRowsRead: box.rowsRead,
        });
      }
      if (failures > 0) {
        console.error(
          `ERROR at ${size} stalls the nearby search disagreed with the naive one at ${failures} points`,
        );
        process.exitCode = 1;
      }
      const { pageMs, recountMs } = trailsOnly ? { pageMs: [], recountMs: [] } : await benchPageCounts();
      const search = size === SEARCH_SIZE && !trailsOnly ? await benchSearch() : null;
      const generate = size === GENERATE_SIZE ? await benchGenerate() : null;
      return { size, seedSeconds, overheadMs, points, pageMs, recountMs, search, generate };
    } finally {
      await mf.dispose();
    }
  }

  async function benchPasswordHash() {
    const mf = new Miniflare({
      modules: [
        { type: "ESModule", path: join(import.meta.dirname, "bench-worker.mjs"), contents: script },
        ...wasmModules(),
      ],
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
    });
    try {
      const request = async (path: string) => {
        const start = performance.now();
        const response = await mf.dispatchFetch(`http://bench${path}`);
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        return performance.now() - start;
      };
      for (let i = 0; i < WARMUP; i++) await Promise.all([request("/ping"), request(`/hash?n=warm${i}`)]);
      const overheadMs: number[] = [];
      for (let i = 0; i < HASH_REPS; i++) overheadMs.push(await request("/ping"));
      const cpu = workerdCpuReader();
      const cpuBefore = cpu?.() ?? 0;
      const wallMs: number[] = [];
      for (let i = 0; i < HASH_REPS; i++) wallMs.push(await request(`/hash?n=${i}`));
      const cpuMs = cpu ? (cpu() - cpuBefore) / HASH_REPS : null;
      const overheadP50 = percentile(overheadMs, 50);
      console.log(
        `# password hashing: argon2id m=${ARGON2_BENCH.memorySize} KiB, t=${ARGON2_BENCH.iterations}, ` +
          `p=${ARGON2_BENCH.parallelism} in workerd, ${HASH_REPS} hashes`,
      );
      console.log(`password_hash_wall_p50_ms=${percentile(wallMs, 50).toFixed(1)}`);
      console.log(`password_hash_wall_p95_ms=${percentile(wallMs, 95).toFixed(1)}`);
      console.log(`password_hash_net_p50_ms=${(percentile(wallMs, 50) - overheadP50).toFixed(1)}`);
      if (cpuMs !== null) console.log(`password_hash_workerd_cpu_ms=${cpuMs.toFixed(1)}`);
    } finally {
      await mf.dispose();
    }
  }
  async function benchCommunitySection() {
    const mf = new Miniflare({
      modules: [
        { type: "ESModule", path: join(import.meta.dirname, "bench-worker.mjs"), contents: script },
        ...wasmModules(),
      ],
      d1Databases: { DB: "bench-db-community" },
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
    });
    const call = callerOf(mf);
    try {
      await call("/migrate", migrations);
      // The stalls posts are pinned to, written as the nearby section writes its stalls.
      const seedStalls = async () => {
        const all = syntheticStalls(COMMUNITY.stalls, SEED, Date.now());
        for (let start = 0; start < all.length; start += SEED_BATCH_STALLS)
          await call("/seed", all.slice(start, start + SEED_BATCH_STALLS));
      };
      for (const line of await benchCommunity(call, seedStalls)) console.log(line);
    } finally {
      await mf.dispose();
    }
  }
  async function benchNotificationsSection() {
    const mf = new Miniflare({
      modules: [
        { type: "ESModule", path: join(import.meta.dirname, "bench-worker.mjs"), contents: script },
        ...wasmModules(),
      ],
      d1Databases: { DB: "bench-db-notifications" },
      kvNamespaces: { KV: "bench-kv-notifications" },
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
    });
    const call = callerOf(mf);
    try {
      await call("/migrate", migrations);
      for (const line of await benchNotifications(call)) console.log(line);
    } finally {
      await mf.dispose();
    }
  }
  if (args.only === "community") {
    await benchCommunitySection();
    return;
  }
  if (args.only === "notifications") {
    await benchNotificationsSection();
    return;
  }

  if (!trailsOnly) await benchPasswordHash();

  const results: SizeResult[] = [];
  for (const size of trailsOnly ? [GENERATE_SIZE] : SIZES) results.push(await benchSize(size));
  if (!trailsOnly) printNearby(results, started);
  await printTrails(results);
  if (!trailsOnly) {
    await benchCommunitySection();
    await benchNotificationsSection();
    await benchReelsSection();
    await benchDiscoverSection();
    await benchLighthouseSection();
    await benchPwaSection();
    await benchWorkerSizeSection();
    await benchRelevanceSection();
    await benchStartSection();
  }
}

let buildChecked = false;
/** Before the first section that serves the production build: makes it when there is none (ensureBuild). */
function needsBuild() {
  if (buildChecked) return;
  buildChecked = true;
  for (const line of ensureBuild()) console.log(line);
}

/** The reels section (scripts/bench-reels.ts), loaded only when it runs: it brings playwright-core and wrangler. */
async function benchReelsSection() {
  needsBuild();
  const { benchReels } = await import("./bench-reels");
  for (const line of await benchReels()) console.log(line);
}

/** Discover's section (scripts/bench-discover.ts), loaded only when it runs, as the reels'. */
async function benchDiscoverSection() {
  needsBuild();
  const { benchDiscover } = await import("./bench-discover");
  for (const line of await benchDiscover()) console.log(line);
}

/** The Lighthouse section (scripts/bench-lighthouse.ts), loaded only when it runs, as the reels'. */
async function benchLighthouseSection() {
  needsBuild();
  const { benchLighthouse } = await import("./bench-lighthouse");
  await benchLighthouse((...lines) => {
    for (const line of lines) console.log(line);
  });
}

/** The relevance section (scripts/bench-relevance.ts), loaded only when it runs, as the reels'. */
async function benchRelevanceSection() {
  const { benchRelevance } = await import("./bench-relevance");
  await benchRelevance({ perf: true });
}

/** The Worker's size and startup (scripts/bench-worker-size.ts), loaded only when it runs, as the reels'. */
async function benchWorkerSizeSection() {
  needsBuild();
  const { benchWorkerSize } = await import("./bench-worker-size");
  for (const line of await benchWorkerSize()) console.log(line);
}

/** The first and a later `npm start` (scripts/bench-start.ts), loaded only when it runs, as the reels'. */
async function benchStartSection() {
  const { benchStart } = await import("./bench-start");
  for (const line of await benchStart()) console.log(line);
}

/** The installed app's section (scripts/bench-pwa.ts), loaded only when it runs, as the reels'. */
async function benchPwaSection() {
  needsBuild();
  const { benchPwa } = await import("./bench-pwa");
  await benchPwa();
}

function printNearby(results: SizeResult[], started: number) {
  const summaries = results.map((result) => {
    const nearbyMs = result.points.flatMap((p) => p.nearbyMs);
    const naiveMs = result.points.flatMap((p) => p.naiveMs);
    // A point with nothing within the radius has no rows-per-returned ratio to contribute.
    const answered = result.points.filter((p) => p.nearbyReturned > 0);
    return {
      size: result.size,
      seedSeconds: result.seedSeconds,
      overheadP50: percentile(result.overheadMs, 50),
      nearbyP50: percentile(nearbyMs, 50),
      nearbyP95: percentile(nearbyMs, 95),
      naiveP50: percentile(naiveMs, 50),
      naiveP95: percentile(naiveMs, 95),
      returned: mean(result.points.map((p) => p.nearbyReturned)),
      rowsRead: mean(result.points.map((p) => p.nearbyRowsRead)),
      rowsReadPerReturned: mean(answered.map((p) => p.nearbyRowsRead / p.nearbyReturned)),
      naiveRowsRead: mean(result.points.map((p) => p.naiveRowsRead)),
      pageP50: percentile(result.pageMs, 50),
      pageP99: percentile(result.pageMs, 99),
      recountP50: percentile(result.recountMs, 50),
      recountP99: percentile(result.recountMs, 99),
      boxP50: percentile(
        result.points.flatMap((p) => p.boxMs),
        50,
      ),
      boxP99: percentile(
        result.points.flatMap((p) => p.boxMs),
        99,
      ),
      boxReturned: mean(result.points.map((p) => p.boxReturned)),
      boxRowsRead: mean(result.points.map((p) => p.boxRowsRead)),
    };
  });
  type Summary = (typeof summaries)[number];
  const small = summaries[0] as Summary;
  const large = summaries.at(-1) as Summary;
  const growth = large.nearbyP50 / small.nearbyP50;
  const speedup = large.naiveP50 / large.nearbyP50;

  const { speedup: minSpeedup, rowsReadPerReturned: maxRows, growth: maxGrowth } = TARGETS;
  console.log(
    `# targets: speedup >= ${minSpeedup}, rows read per returned <= ${maxRows}, growth <= ${maxGrowth}`,
  );
  console.log(
    `# page_counts_*: the /search page's count reads (discoveryCategories and tagCounts, at once as its loader ` +
      `makes them), ${PAGE_REPS} runs; page_recount_*: the same counts recounted over every approved stall, as ` +
      "the page did before the count tables",
  );
  for (const s of summaries) {
    const k = label(s.size);
    const figures: [string, string][] = [
      [`seed_${k}_seconds`, s.seedSeconds.toFixed(1)],
      [`request_overhead_p50_ms_${k}`, s.overheadP50.toFixed(2)],
      [`nearby_p50_ms_${k}`, s.nearbyP50.toFixed(2)],
      [`nearby_p95_ms_${k}`, s.nearbyP95.toFixed(2)],
      [`naive_p50_ms_${k}`, s.naiveP50.toFixed(2)],
      [`naive_p95_ms_${k}`, s.naiveP95.toFixed(2)],
      [`nearby_returned_mean_${k}`, s.returned.toFixed(1)],
      [`nearby_rows_read_mean_${k}`, s.rowsRead.toFixed(1)],
      [`nearby_rows_read_per_returned_${k}`, s.rowsReadPerReturned.toFixed(2)],
      [`naive_rows_read_${k}`, s.naiveRowsRead.toFixed(0)],
      [`page_counts_p50_ms_${k}`, s.pageP50.toFixed(2)],
      [`page_counts_p99_ms_${k}`, s.pageP99.toFixed(2)],
      [`page_recount_p50_ms_${k}`, s.recountP50.toFixed(2)],
      [`page_recount_p99_ms_${k}`, s.recountP99.toFixed(2)],
      [`box_p50_ms_${k}`, s.boxP50.toFixed(2)],
      [`box_p99_ms_${k}`, s.boxP99.toFixed(2)],
      [`box_returned_mean_${k}`, s.boxReturned.toFixed(1)],
      [`box_rows_read_mean_${k}`, s.boxRowsRead.toFixed(1)],
    ];
    for (const [name, value] of figures) console.log(`${name}=${value}`);
  }
  console.log(`nearby_growth_${label(small.size)}_to_${label(large.size)}=${growth.toFixed(2)}`);

  const missed = [
    speedup < minSpeedup && "speedup",
    large.rowsReadPerReturned > maxRows && "rows read per returned",
    growth > maxGrowth && "growth",
  ].filter(Boolean);
  console.log(
    `# ${process.exitCode ? "CORRECTNESS CHECK FAILED" : "nearby results match the naive search"}; ` +
      `${missed.length > 0 ? `targets missed: ${missed.join(", ")}` : "all targets met"}; ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`nearby_speedup_vs_naive=${speedup.toFixed(1)}`);
  console.log(`nearby_rows_read_per_returned=${large.rowsReadPerReturned.toFixed(2)}`);

  const searched = results.find((result) => result.search !== null);
  if (searched?.search) printSearch(searched, searched.search);
}

/** The optimiser's figures (scripts/bench-trails.ts, on the embedded seed's stalls), then the generator's. */
async function printTrails(results: SizeResult[]) {
  const { approved } = embeddedStalls(Date.UTC(2026, 10, 16));
  const seeded = approved.map((stall, index) => ({
    id: `seed${index}`,
    lat: stall.latitude,
    lng: stall.longitude,
    schedule: stall.weeklySchedule,
    timeZone: stall.timeZone ?? DEFAULT_TIME_ZONE,
    category: stall.category,
    tags: stall.tags,
  }));
  for (const line of await benchTrailOptimiser(seeded)) console.log(line);

  const result = results.find((r) => r.generate !== null);
  if (!result?.generate) return;
  const { ms, answers } = result.generate;
  const k = label(result.size);
  const p50 = percentile(ms, 50);
  console.log(
    `# food trail generator at ${k} stalls: generateTrail (3 stops, from ${GENERATE_START}) near ` +
      `${POINTS.length} points x ${GENERATE_REPS} runs, each a request to the worker ` +
      `(request_overhead_p50_ms_${k}=${percentile(result.overheadMs, 50).toFixed(2)}, not subtracted); ` +
      `target: p50 <= ${GENERATE_TARGETS.p50Ms} ms${p50 > GENERATE_TARGETS.p50Ms ? " (MISSED)" : " (met)"}`,
  );
  console.log(`generate_stops_mean_${k}=${mean(answers.map((a) => a.stops)).toFixed(2)}`);
  console.log(`generate_walking_km_mean_${k}=${mean(answers.map((a) => a.walkingKm)).toFixed(2)}`);
  console.log(`generate_p99_ms_${k}=${percentile(ms, 99).toFixed(2)}`);
  console.log(`generate_p50_ms_${k}=${p50.toFixed(2)}`);
}

function printSearch(result: SizeResult, search: SearchTimings) {
  const k = label(result.size);
  const ftsMs = search.queries.flatMap((q) => q.ftsMs);
  const likeMs = search.queries.flatMap((q) => q.likeMs);
  const overheadP50 = percentile(result.overheadMs, 50);
  const ftsP50 = percentile(ftsMs, 50);
  const likeP50 = percentile(likeMs, 50);
  const speedup = likeP50 / ftsP50;
  const ftsP99 = percentile(ftsMs, 99);
  const { speedup: minSpeedup, p50Ms: maxP50, p99Ms: maxP99 } = SEARCH_TARGETS;
  const ms = (values: number[], p: number) => percentile(values, p).toFixed(2);

  console.log(
    `# search at ${k} stalls: searchStalls (FTS5 indexes) vs a LIKE '%word%' scan of the same columns, ` +
      `${search.queries.length} queries x ${SEARCH_REPS} runs (LIKE ${LIKE_REPS}), each side in a block per query; ` +
      `suggest: ${SUGGEST_PREFIXES.length} prefixes x ${SEARCH_REPS} runs`,
  );
  console.log(
    `# both sides give the same answer: a page of ${SEARCH_LIMIT} from the ${SEARCH_MATCH_CAP} newest matches, ` +
      `name matches first; the total, exact up to ${SEARCH_MATCH_CAP} ("${SEARCH_MATCH_CAP}+" past it); related ` +
      `tags from the best ${RELATED_TAGS.sample}. LIKE reads every approved stall (its total, and bm25's weight ` +
      "per word, need every match) but orders its candidates newest first instead of computing bm25 scores, " +
      "which favours LIKE",
  );
  console.log(
    `# targets: search speedup vs LIKE >= ${minSpeedup}, search p50 <= ${maxP50} ms, search p99 <= ${maxP99} ms`,
  );
  console.log(
    `# load average now (1/5/15 min, ${availableParallelism()} cores): ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")}; ` +
      "other work on the machine stretches wall-clock times, hardly *_workerd_cpu_ms_per_request",
  );
  console.log(
    "# timings are taken in Node around one request to the worker, so each includes one loopback hop " +
      `(request_overhead_p50_ms_${k}=${overheadP50.toFixed(2)}); nothing is subtracted from search_p50_ms or ` +
      "from the speedup; *_net_p50_ms are the same p50s minus that overhead",
  );
  const shown = (answer: SearchAnswer) => `${answer.total}${answer.totalCapped ? "+" : ""}`;
  console.log(
    "# per query, p50 ms fts / like (matches): " +
      search.queries
        .map((q) => `${q.query} ${ms(q.ftsMs, 50)}/${ms(q.likeMs, 50)} (${shown(q.fts)})`)
        .join(", "),
  );
  const disagreements = search.queries.filter((q) => !sameAnswer(q.fts, q.like));
  for (const q of disagreements) {
    console.error(
      `ERROR search "${q.query}": FTS answered ${JSON.stringify(q.fts)}, LIKE ${JSON.stringify(q.like)}`,
    );
    process.exitCode = 1;
  }
  const kinds = [...new Set(search.queries.map((q) => q.kind))];
  const figures: [string, string][] = kinds.flatMap((kind): [string, string][] => {
    const ofKind = search.queries.filter((q) => q.kind === kind);
    const fts = ofKind.flatMap((q) => q.ftsMs);
    const like = ofKind.flatMap((q) => q.likeMs);
    return [
      [`search_${kind}_fts_p50_ms`, ms(fts, 50)],
      [`search_${kind}_fts_p95_ms`, ms(fts, 95)],
      [`search_${kind}_like_p50_ms`, ms(like, 50)],
      [`search_${kind}_like_p95_ms`, ms(like, 95)],
    ];
  });
  figures.push(
    ["search_fts_p95_ms", ms(ftsMs, 95)],
    [
      "search_fts_after_scan_p50_ms",
      ms(
        search.queries.map((q) => q.ftsAfterScanMs),
        50,
      ),
    ],
    ["search_fts_net_p50_ms", (ftsP50 - overheadP50).toFixed(2)],
    ["search_like_p50_ms", likeP50.toFixed(2)],
    ["search_like_p95_ms", ms(likeMs, 95)],
    ["search_like_net_p50_ms", (likeP50 - overheadP50).toFixed(2)],
    ["suggest_p50_ms", ms(search.suggestMs, 50)],
    ["suggest_p95_ms", ms(search.suggestMs, 95)],
    ["suggest_p99_ms", ms(search.suggestMs, 99)],
  );
  if (search.cpuMsPerRequest) {
    const { fts, like } = search.cpuMsPerRequest;
    figures.push(
      ["search_fts_workerd_cpu_ms_per_request", fts.toFixed(2)],
      ["search_like_workerd_cpu_ms_per_request", like.toFixed(2)],
      ["search_cpu_speedup_vs_like", (like / fts).toFixed(1)],
    );
  }
  for (const [name, value] of figures) console.log(`${name}=${value}`);
  const missed = [
    speedup < minSpeedup && "speedup",
    ftsP50 > maxP50 && "p50",
    ftsP99 > maxP99 && "p99",
  ].filter(Boolean);
  console.log(
    `# search: ${disagreements.length > 0 ? "FTS AND LIKE ANSWERS DIFFER" : "FTS and LIKE give the same answers"}; ` +
      `${missed.length > 0 ? `targets missed: ${missed.join(", ")}` : "all targets met"}`,
  );
  console.log(`search_speedup_vs_like=${speedup.toFixed(2)}`);
  console.log(`search_p99_ms=${ftsP99.toFixed(2)}`);
  console.log(`search_p50_ms=${ftsP50.toFixed(2)}`);
}

await main();

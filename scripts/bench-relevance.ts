import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NewStall } from "../app/models/stall/stall.server";
import { type Ranked, relevanceFigures } from "../tests/relevance/metrics";
import { queryScript, RELEVANCE_QUERIES } from "../tests/relevance/queries";
import { RELEVANCE_STALLS } from "../tests/relevance/stalls";
import type { Answer } from "./bench-relevance-worker";
import { BENCH_WORKERS, bundleWorker, migrationStatements } from "./lib/bench-worker";
import { collectGarbage } from "./lib/collect-garbage";
import { workerdCpuReader } from "./lib/workerd-cpu";
import { syntheticStalls } from "./seed-data";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * The relevance table's figures (recall@5 and MRR overall, per kind and per script), then with `perf` search
 * p50/p99 per script at 100,000 synthetic stalls. `npm run bench -- --only relevance` runs both; this file run
 * directly (`npx tsx scripts/bench-relevance.ts [--perf]`) does the same.
 */
export async function benchRelevance({ perf }: { perf: boolean }) {
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  const { Miniflare } = await import("miniflare");
  const script = await bundleWorker(BENCH_WORKERS.relevance);
  const migrations = migrationStatements();

  const workerOptions = (name: string, persist: string) => ({
    modules: [
      {
        type: "ESModule" as const,
        path: join(import.meta.dirname, "relevance-worker.mjs"),
        contents: script,
      },
    ],
    d1Databases: { DB: name },
    d1Persist: persist,
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
  });
  const caller = (mf: InstanceType<typeof Miniflare>) => ({
    post: async (path: string, body: unknown) => {
      const response = await mf.dispatchFetch(`http://bench${path}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    },
    call: async <R>(path: string): Promise<R> => {
      const response = await mf.dispatchFetch(`http://bench${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as R;
    },
  });

  /**
   * Seeds a database with `makeStalls()` and hands `run` a way to call the Worker. Seeding and searching happen in
   * two workerd processes over the same database on disk: the one that parsed 100,000 stalls carries their garbage
   * into its next collections, which a deployed Worker's isolate never has, and the p99 would measure that. The
   * stalls are generated here and dropped once seeded, and this process collects its own garbage before `run`:
   * the timings are taken here, so a collection of the load generator's leftovers would land in them too.
   */
  async function withDatabase<T>(
    name: string,
    makeStalls: () => NewStall[],
    run: (call: <R>(path: string) => Promise<R>) => Promise<T>,
  ) {
    const persist = mkdtempSync(join(tmpdir(), `nukkad-bench-${name}-`));
    try {
      const seeder = new Miniflare(workerOptions(name, persist));
      try {
        const { post } = caller(seeder);
        await post("/migrate", migrations);
        let stalls: NewStall[] | null = makeStalls();
        for (let start = 0; start < stalls.length; start += 500)
          await post("/seed", stalls.slice(start, start + 500));
        stalls = null;
      } finally {
        await seeder.dispose();
      }
      collectGarbage();
      const searcher = new Miniflare(workerOptions(name, persist));
      try {
        // Started before `run`, which looks for its workerd process to read the CPU time.
        await searcher.ready;
        return await run(caller(searcher).call);
      } finally {
        await searcher.dispose();
      }
    } finally {
      rmSync(persist, { recursive: true, force: true });
    }
  }

  await withDatabase(
    "relevance",
    () => RELEVANCE_STALLS,
    async (call) => {
      const strict: Ranked[] = [];
      const clicked: Ranked[] = [];
      for (const query of RELEVANCE_QUERIES) {
        const answer = await call<Answer>(`/search?q=${encodeURIComponent(query.query)}`);
        strict.push({ query, found: answer.ids });
        const corrected =
          answer.total === 0 && answer.didYouMean
            ? await call<Answer>(`/search?q=${encodeURIComponent(answer.didYouMean)}`)
            : answer;
        clicked.push({ query, found: corrected.ids });
      }
      const figures = relevanceFigures(strict);
      const withClick = relevanceFigures(clicked);
      console.log(`# ${RELEVANCE_QUERIES.length} queries, ${RELEVANCE_STALLS.length} stalls`);
      for (const [kind, f] of Object.entries(figures.byKind)) {
        console.log(
          `# ${kind}: ${f.queries} queries, recall@5 ${f.recallAt5.toFixed(3)}, MRR ${f.mrr.toFixed(3)}`,
        );
      }
      for (const [script, f] of Object.entries(figures.byScript)) {
        console.log(`relevance_recall_at_5_${script}=${f.recallAt5.toFixed(3)}`);
        console.log(`relevance_mrr_${script}=${f.mrr.toFixed(3)}`);
      }
      for (const [label, { misses }] of [
        ["strict", figures],
        ["with did-you-mean", withClick],
      ] as const) {
        for (const miss of misses) {
          console.log(
            `# miss (${label}): ${miss.query.query} -> ${miss.found.slice(0, 5).join(", ") || "nothing"}`,
          );
        }
      }
      console.log(`relevance_recall_at_5=${figures.recallAt5.toFixed(3)}`);
      console.log(`relevance_mrr=${figures.mrr.toFixed(3)}`);
      console.log(`relevance_recall_at_5_with_did_you_mean=${withClick.recallAt5.toFixed(3)}`);
      console.log(`relevance_mrr_with_did_you_mean=${withClick.mrr.toFixed(3)}`);
    },
  );

  if (!perf) return;
  const size = 100_000;
  const started = performance.now();
  await withDatabase(
    "perf",
    () => syntheticStalls(size, 20260427, Date.now()),
    async (call) => {
      console.log(
        `# ${size} synthetic stalls seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      const byScript = new Map<string, number[]>();
      // workerd's CPU time per script: on a loaded machine wall-clock times stretch, CPU time hardly does.
      const cpu = workerdCpuReader();
      const cpuByScript = new Map<string, number>();
      // Whether the tail is one dear query or the machine: the p99 of 500 samples is their 5th slowest.
      const slowest: { query: string; took: number }[] = [];
      const perQuery = new Map<string, number[]>(PERF_QUERIES.map((query) => [query, []]));
      const pathOf = (query: string) => `/search?q=${encodeURIComponent(query)}`;
      for (const query of PERF_QUERIES) for (let i = 0; i < 2; i++) await call(pathOf(query));
      // Rounds over every query rather than one query's runs in a row: a moment the machine slows down then spreads
      // over all queries instead of landing on one, and each script has hundreds of samples, so its p99 is a
      // percentile and not the second slowest run.
      for (let round = 0; round < PERF_ROUNDS; round++) {
        // A round's searches make a few MB of garbage here (requests, answers): starting each round with an empty
        // heap keeps this process's collections, which the timings would include, out of the rounds. The request
        // right after a full collection is slower here (about 6 ms more), so one untimed search follows it.
        collectGarbage();
        await call(pathOf(SETTLING_QUERY));
        for (const query of PERF_QUERIES) {
          const script = queryScript(query);
          const cpuBefore = cpu?.() ?? 0;
          const start = performance.now();
          await call(pathOf(query));
          const took = performance.now() - start;
          cpuByScript.set(script, (cpuByScript.get(script) ?? 0) + (cpu?.() ?? 0) - cpuBefore);
          perQuery.get(query)?.push(took);
          slowest.push({ query, took });
          const times = byScript.get(script) ?? [];
          times.push(took);
          byScript.set(script, times);
        }
      }
      console.log(
        `# per query p50 ms: ${[...perQuery].map(([query, times]) => `${query} ${percentile(times, 50).toFixed(2)}`).join(", ")}`,
      );
      const tail = slowest.sort((a, b) => b.took - a.took).slice(0, 10);
      console.log(`# slowest 10: ${tail.map(({ query, took }) => `${query} ${took.toFixed(1)}`).join(", ")}`);
      const k = `${size / 1000}k`;
      for (const [script, times] of byScript) {
        console.log(`# ${script}: ${times.length} searches`);
        console.log(`search_p50_ms_${script}_${k}=${percentile(times, 50).toFixed(2)}`);
        console.log(`search_p99_ms_${script}_${k}=${percentile(times, 99).toFixed(2)}`);
        if (cpu)
          console.log(
            `search_workerd_cpu_ms_per_request_${script}_${k}=${((cpuByScript.get(script) ?? 0) / times.length).toFixed(2)}`,
          );
      }
      const all = [...byScript.values()].flat();
      console.log(`search_p50_ms_${k}=${percentile(all, 50).toFixed(2)}`);
      console.log(`search_p99_ms_${k}=${percentile(all, 99).toFixed(2)}`);
    },
  );
}

const PERF_ROUNDS = 25;
/** Searched untimed after each collection: a word of the table's, not one of the timed queries. */
const SETTLING_QUERY = "kulfi";

/** Timed at 100,000 stalls in PERF_ROUNDS rounds over all of them, after 2 warm-ups each: the bench's words,
 * dish names in both scripts, and the spelling variants of the relevance table. */
const PERF_QUERIES = [
  "dosa",
  "biryani",
  "chai",
  "momos",
  "koramangala",
  "chandni",
  "paneer tikka",
  "masala dosa",
  "iry",
  "spicy",
  "golgappe",
  "puchka",
  "samosas",
  "biriyani",
  "briyani",
  "dosey",
  "burji",
  "maggie",
  "kulhar chai",
  "papri chaat",
  "गोलगप्पे",
  "पानी पूरी",
  "डोसा",
  "बिरयानी",
  "चाय",
  "मोमोज़",
  "पनीर टिक्का",
  "मसाला डोसा",
  "समोसे",
  "फालूदा",
  "कढ़ी चावल",
  "झालमुडी",
];

if (process.argv[1]?.endsWith("bench-relevance.ts"))
  await benchRelevance({ perf: process.argv.includes("--perf") });

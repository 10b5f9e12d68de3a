// The Worker's size and startup (issue 35, ADR 038): what `wrangler deploy` would upload, measured on the finished
// build (run `npx remix vite:build` first). `npm run bench -- --only worker` prints it; scripts/worker-budget.ts
// holds the size under its ceiling in `npm test`.
// - worker_gzip_kib: every module of the upload, gzipped together, as wrangler prints it ("Total Upload ... gzip").
// - worker_main_gzip_kib: the main module alone, what every isolate parses when it starts; the modules it loads
//   with import() (the common passwords) are uploaded beside it and load only when first needed.
// - worker_startup_cpu_ms: `wrangler check startup`'s CPU profile of the Worker's startup in local workerd, the
//   sampled time that is not idle, median of three runs (noisy on a busy machine: the load is printed beside it).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

const wrangler = (args: string[]) =>
  execFileSync("npx", ["wrangler", ...args], { env: WRANGLER_ENV, stdio: ["ignore", "pipe", "pipe"] });

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export interface WorkerSize {
  totalGzipBytes: number;
  mainGzipBytes: number;
  /** Every module but the main one, by file name. */
  modules: string[];
}

/** Bundles the built Worker as `wrangler deploy` would (a dry run) and measures what it would upload. */
export function measureWorkerSize(): WorkerSize {
  const outdir = mkdtempSync(join(tmpdir(), "nukkad-worker-"));
  try {
    wrangler(["deploy", "--dry-run", "--outdir", outdir]);
    const files = readdirSync(outdir).filter((name) => !name.endsWith(".map") && name !== "README.md");
    const main = readFileSync(join(outdir, "app.js"));
    const modules = files.filter((name) => name !== "app.js");
    // As wrangler counts it: the modules, then the main one, gzipped as one stream.
    const all = Buffer.concat([...modules.map((name) => readFileSync(join(outdir, name))), main]);
    return { totalGzipBytes: gzipSync(all).byteLength, mainGzipBytes: gzipSync(main).byteLength, modules };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The sampled CPU time of one startup, in ms: each sample lasts until the next one; idle samples do not count. */
export function startupCpuMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let micros = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) micros += profile.timeDeltas[i + 1] ?? 0;
  });
  return micros / 1000;
}

function measureStartupCpuMs(): number {
  const dir = mkdtempSync(join(tmpdir(), "nukkad-startup-"));
  try {
    const runs = [0, 1, 2].map((run) => {
      const outfile = join(dir, `startup-${run}.cpuprofile`);
      wrangler(["check", "startup", "--outfile", outfile]);
      return startupCpuMs(JSON.parse(readFileSync(outfile, "utf8")) as CpuProfile);
    });
    return runs.sort((a, b) => a - b)[1] ?? Number.NaN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchWorkerSize(): Promise<string[]> {
  const size = measureWorkerSize();
  const cpu = measureStartupCpuMs();
  return [
    `worker_gzip_kib=${kib(size.totalGzipBytes)}`,
    `worker_main_gzip_kib=${kib(size.mainGzipBytes)}`,
    `worker_lazy_modules=${size.modules.filter((name) => !name.endsWith(".wasm")).join(",") || "none"}`,
    `worker_startup_cpu_ms=${cpu.toFixed(1)}`,
    `worker_load_average=${loadavg()
      .map((n) => n.toFixed(2))
      .join(",")}`,
  ];
}

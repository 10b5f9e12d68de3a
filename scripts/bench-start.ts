// `npm run bench -- --only start` (issue 35): how long a newcomer waits for `npm start`. Copies this working tree
// to a temporary folder as a fresh clone has it (no build, no .cache, no local database, no .dev.vars; node_modules
// hard-linked), runs `npm start` there until /api/health answers, stops it, and starts it again: the first start
// builds and seeds, the second should reuse both (scripts/start.ts, ADR 039). Prints each start's total seconds to
// /api/health, each step's seconds as start.ts printed them, and the CPU time of the start's processes (less noisy
// than wall-clock time on a shared machine). Port 8793.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { BENCH_PORTS } from "./lib/bench-ports";

const PORT = BENCH_PORTS.start;
/** What a fresh clone does not have. */
const NOT_IN_A_CLONE = new Set([
  "node_modules",
  "build",
  ".cache",
  ".wrangler",
  ".git",
  ".dev.vars",
  "test-results",
  "playwright-report",
]);
const GOALS = { firstS: 90, secondS: 15 };
/** Long enough for a loaded machine's first start; the goal is 90 s on a quiet one. */
const START_TIMEOUT_MS = 15 * 60_000;

interface StartRun {
  totalS: number;
  steps: [string, number][];
  cpuS: number;
}

/** The CPU time (s) of every process in the group, with the children each has reaped, from /proc. */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      if (Number(fields[2]) !== pgid) continue;
      ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  // USER_HZ is 100 on Linux.
  return ticks / 100;
}

/** One `npm start` in `dir`: seconds until /api/health answers, then the steps it printed until it was ready. */
async function timedStart(dir: string): Promise<StartRun> {
  const started = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: dir,
    env: { ...process.env, PORT },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const pgid = child.pid as number;
  try {
    let totalS: number | null = null;
    let cpuS = 0;
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start stopped (${child.exitCode}):\n${output}`);
      if (totalS === null) {
        const healthy = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) totalS = (performance.now() - started) / 1000;
      }
      if (totalS !== null && /^✓ ready /m.test(output)) {
        cpuS = groupCpuSeconds(pgid);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (totalS === null || cpuS === 0) throw new Error(`npm start was not ready in time:\n${output}`);
    const steps = [...output.matchAll(/^✓ (\w+) ([\d.]+) s/gm)]
      .filter((match) => match[1] !== "ready")
      .map((match): [string, number] => [match[1] as string, Number(match[2])]);
    return { totalS, steps, cpuS };
  } finally {
    process.kill(-pgid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function benchStart(): Promise<string[]> {
  const root = join(import.meta.dirname, "..");
  const dir = mkdtempSync(join(tmpdir(), "nukkad-start-"));
  try {
    cpSync(root, dir, {
      recursive: true,
      filter: (source) => !NOT_IN_A_CLONE.has(relative(root, source).split("/")[0] as string),
    });
    // Hard links, as a fresh clone's `npm install` would fill it, in a second instead of a minute.
    execFileSync("cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")]);
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(" / ");
    const loadBefore = load();
    const first = await timedStart(dir);
    if (!existsSync(join(dir, "build/server/index.js"))) throw new Error("the first start left no build");
    const second = await timedStart(dir);
    const lines = [
      `# npm start in a fresh copy (${dir}), then again; to /api/health; goals: first <= ${GOALS.firstS} s and ` +
        `later <= ${GOALS.secondS} s on a quiet machine; load average (1/5/15 min, ${availableParallelism()} ` +
        `cores) before ${loadBefore}, after ${load()}`,
      `# first start's steps: ${first.steps.map(([name, s]) => `${name} ${s} s`).join(", ")} (build and ` +
        "database side by side)",
      `# second start's steps: ${second.steps.map(([name, s]) => `${name} ${s} s`).join(", ")}`,
      ...first.steps.map(([name, s]) => `start_step_${name}_s=${s.toFixed(1)}`),
      ...second.steps.map(([name, s]) => `start_second_step_${name}_s=${s.toFixed(1)}`),
      `start_first_cpu_s=${first.cpuS.toFixed(1)}`,
      `start_second_cpu_s=${second.cpuS.toFixed(1)}`,
      `start_first_total_s=${first.totalS.toFixed(1)}`,
      `start_second_total_s=${second.totalS.toFixed(1)}`,
    ];
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

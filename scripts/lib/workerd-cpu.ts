import { existsSync, readdirSync, readFileSync } from "node:fs";

// What a Miniflare-run workerd costs in CPU time, for the benches (scripts/bench.ts, bench-relevance.ts).

const procStat = (pid: string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];

/**
 * Reads the CPU time (ms) that this script's workerd processes have used so far, or null where there is no
 * /proc. On a machine shared with other work, wall-clock times stretch with the load; CPU time hardly does, so
 * it shows what a request costs when the wall-clock figures are noisy.
 */
export function workerdCpuReader(): (() => number) | null {
  if (!existsSync("/proc/self/stat")) return null;
  const parentOf = new Map<string, string>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const parent = existsSync(`/proc/${pid}/stat`) ? procStat(pid)[1] : undefined;
    if (parent) parentOf.set(pid, parent);
  }
  const descendsFromUs = (pid: string) => {
    for (let up = parentOf.get(pid); up; up = parentOf.get(up)) if (up === String(process.pid)) return true;
    return false;
  };
  const workerd = [...parentOf.keys()].filter(
    (pid) => descendsFromUs(pid) && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd",
  );
  if (workerd.length === 0) return null;
  // Clock ticks of 10 ms (USER_HZ is 100 on Linux): summed over many requests, the rounding evens out.
  return () =>
    workerd.reduce((sum, pid) => sum + Number(procStat(pid)[11]) + Number(procStat(pid)[12]), 0) * 10;
}

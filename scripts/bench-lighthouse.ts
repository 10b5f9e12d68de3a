// Lighthouse on the pages issue 16 names, a section of scripts/bench.ts: `npm run bench -- --only lighthouse` runs it
// alone (after `npx remix vite:build`: it serves that build). Lighthouse's mobile defaults: a Moto G Power's screen,
// slow 4G and a 4x slower CPU, simulated from one unthrottled load (its "simulate" throttling), in Debian's Chromium.
//
// - The production build with the seed data (scripts/lib/bench-server.ts, port 8799), each page RUNS times.
// - Lighthouse 12.8.2 through `npx --yes` (fetched from the npm registry into npx's cache the first time): the last
//   Lighthouse that runs on Node 20, which this project is pinned to (ADR 002); 13 needs Node 22.19. The two use the
//   same mobile settings and performance weights. It is not a devDependency: 200 packages and 186 MB that only this
//   section uses.
// - Nothing leaves loopback: Chromium's other requests fail at a closed proxy port (the map's tiles among them).
// - Printed per page: each run's performance score, their minimum and median, accessibility's minimum, and the
//   medians of first contentful paint, largest contentful paint and total blocking time (ms).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchServer, stopBenchServer } from "./lib/bench-server";

const PORT = "8799";
const RUNS = 3;
const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--proxy-server=http://127.0.0.1:9",
].join(" ");

interface Report {
  categories: Record<"performance" | "accessibility", { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

function lighthouse(url: string, outputPath: string): Report {
  execFileSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--only-categories=performance,accessibility",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
      stdio: "inherit",
    },
  );
  return JSON.parse(readFileSync(outputPath, "utf8")) as Report;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

export async function benchLighthouse(): Promise<string[]> {
  const server = await startBenchServer(PORT);
  const dir = mkdtempSync(join(tmpdir(), "nukkad-lighthouse-"));
  const lines: string[] = [];
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    const { items } = (await (await fetch(`${origin}/api/shop?limit=1`)).json()) as {
      items: { id: string }[];
    };
    const pages: Record<string, string> = {
      home: "/",
      discover: "/discover",
      stall: `/stall/${items[0]?.id ?? ""}`,
      search: "/search?q=dosa",
      auth: "/auth",
    };
    for (const [name, path] of Object.entries(pages)) {
      const reports = Array.from({ length: RUNS }, (_, run) =>
        lighthouse(`${origin}${path}`, join(dir, `${run}.json`)),
      );
      const performance = reports.map((report) => Math.round(report.categories.performance.score * 100));
      const metric = (id: string) =>
        median(reports.map((report) => report.audits[id]?.numericValue ?? 0)).toFixed(0);
      lines.push(
        `# lighthouse ${path}: performance ${performance.join(", ")}`,
        `lighthouse_${name}_performance_min=${Math.min(...performance)}`,
        `lighthouse_${name}_performance_p50=${median(performance)}`,
        `lighthouse_${name}_accessibility_min=${Math.min(...reports.map((report) => Math.round(report.categories.accessibility.score * 100)))}`,
        `lighthouse_${name}_fcp_p50_ms=${metric("first-contentful-paint")}`,
        `lighthouse_${name}_lcp_p50_ms=${metric("largest-contentful-paint")}`,
        `lighthouse_${name}_tbt_p50_ms=${metric("total-blocking-time")}`,
      );
    }
  } finally {
    stopBenchServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

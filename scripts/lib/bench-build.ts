import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const BUILT = "build/server/index.js";

/**
 * The sections that serve the production build (reels, discover, Lighthouse, the installed app, the Worker's size)
 * need one: a fresh clone has none, so the bench makes it once. A build already there is used as it is (say so,
 * with its age: run `npx remix vite:build` first to measure the sources as they are now).
 */
export function ensureBuild(): string[] {
  if (existsSync(BUILT)) {
    const minutes = (Date.now() - statSync(BUILT).mtimeMs) / 60_000;
    return [
      `# using the build already here (${minutes.toFixed(0)} min old); rebuild first to measure newer sources`,
    ];
  }
  const started = performance.now();
  console.log("# no build here (a fresh clone): npx remix vite:build");
  // Vite's warnings (rollup's notes on comments in node_modules) would bury the figures; a failure still shows them.
  try {
    execFileSync("npx", ["remix", "vite:build"], { stdio: "pipe", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    console.error((error as { stderr?: Buffer }).stderr?.toString() ?? "");
    throw error;
  }
  return [`bench_build_seconds=${((performance.now() - started) / 1000).toFixed(1)}`];
}

// `npm test`: every check, in order, stopping at the first failure:
// typecheck, lint, build, unit + integration tests in workerd, the bundle budget, then Playwright e2e.
// Ends with one line "npm test: N passed, N failed" counting the tests of both runners.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const reports = ".cache/test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
};

function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}

step("typecheck", "npx", ["tsc", "--noEmit"]);
step("lint", "npx", ["biome", "check", "."]);
step("build", "npx", ["remix", "vite:build"]);
step("unit and integration tests (workerd)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reports}/vitest.json`,
]);
step("bundle budget", "npx", ["tsx", "scripts/bundle-budget.ts"]);
step("end-to-end tests (Chromium)", "npx", ["playwright", "test", "--reporter=list,json"]);

const vitest = JSON.parse(readFileSync(`${reports}/vitest.json`, "utf8"));
const e2e = JSON.parse(readFileSync(`${reports}/e2e.json`, "utf8"));
const passed = vitest.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped;
console.log(`\nnpm test: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

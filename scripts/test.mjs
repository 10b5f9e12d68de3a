// `npm test`: every check, in order, stopping at the first failure: Chromium for the e2e tests (installed when
// missing, so a bare machine needs nothing else), typecheck, lint, the bench Workers' bundling (ADR 039), build,
// unit + integration tests in workerd, the bundle budget, then Playwright e2e.
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

function run(name, command, args, extraEnv = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${result.status === 0 ? "✓" : "✗"} ${name} (${seconds} s)`);
  return result.status ?? 1;
}

function step(name, command, args) {
  const status = run(name, command, args);
  if (status !== 0) process.exit(status);
}

step("Chromium for the end-to-end tests", "npx", ["tsx", "scripts/ensure-chromium.ts"]);
step("typecheck", "npm", ["run", "typecheck"]);
step("lint", "npm", ["run", "lint"]);
step("bench Workers bundle for workerd", "npx", ["tsx", "scripts/check-bench-workers.ts"]);
step("build", "npx", ["remix", "vite:build"]);
step("unit and integration tests (workerd)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reports}/vitest.json`,
]);
step("bundle budget", "npx", ["tsx", "scripts/bundle-budget.ts"]);
step("Worker budget", "npx", ["tsx", "scripts/worker-budget.ts"]);
const e2eRun = run("end-to-end tests (Chromium)", "npx", ["playwright", "test", "--reporter=list,json"]);
const e2e = JSON.parse(readFileSync(`${reports}/e2e.json`, "utf8"));
if (e2eRun !== 0 && e2e.stats.unexpected === 0) {
  console.error("✗ Playwright failed before reporting a failed test (configuration or server start-up)");
  process.exit(e2eRun);
}

const vitest = JSON.parse(readFileSync(`${reports}/vitest.json`, "utf8"));
const passed = vitest.numPassedTests + e2e.stats.expected;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped;
console.log(`\nnpm test: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

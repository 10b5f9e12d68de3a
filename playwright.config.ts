import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./scripts/lib/chromium";

const port = process.env.E2E_PORT ?? "8788";

// End-to-end tests drive Debian's headless shell of Chromium (ADR 068) through the production build, served in
// workerd by scripts/e2e-server.ts. Every request off loopback is answered locally by the fixture in
// tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once is a bug to fix (in the test or the app), not noise to hide.
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: { mode: "retain-on-failure", screenshots: false },
    // The service worker answers slow pages from its cache after 3 s (ADR 029): only the tests of the worker itself
    // (offline.spec.ts) let it run, so no other test ever gets a cached page.
    serviceWorkers: "block",
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" },
    },
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});

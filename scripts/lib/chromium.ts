/**
 * The two builds of Debian's Chromium this project drives (ADR 068). Each has a variable that overrides its path.
 * - The e2e tests run the headless shell: the same Blink and V8 without the full browser's layers, about a third
 *   less CPU on a 2-core machine, where the browser phase of `npm test` is CPU-bound.
 * - The browser benches, and the push journey, run the full browser: it is what a phone's Chrome is and what
 *   Lighthouse expects, and only it says "default" for a permission never asked (the shell says "denied").
 */
export const BROWSERS = {
  headlessShell: {
    variable: "TEST_CHROMIUM_PATH",
    defaultPath: "/usr/bin/chromium-headless-shell",
    debianPackage: "chromium-headless-shell",
  },
  full: { variable: "CHROMIUM_PATH", defaultPath: "/usr/bin/chromium", debianPackage: "chromium" },
} as const;

export type ChromiumBuild = keyof typeof BROWSERS;

export function browserPath(build: ChromiumBuild): string {
  const browser = BROWSERS[build];
  return process.env[browser.variable] ?? browser.defaultPath;
}

/** The full browser, for the benches and the push journey. */
export const CHROMIUM_PATH = browserPath("full");

/** The headless shell, for the e2e tests. */
export const TEST_CHROMIUM_PATH = browserPath("headlessShell");

/** Headless, and quiet: no background downloads, updates, sync or first-run work to disturb a test or a figure. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

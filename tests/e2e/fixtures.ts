import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

const tile = readFileSync(new URL("./placeholder-tile.png", import.meta.url));
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/** No test touches the network: map tiles get a local placeholder, every other outside request is aborted. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.route(
      (url) =>
        !LOOPBACK.test(url.toString()) &&
        !url.protocol.startsWith("data") &&
        !url.protocol.startsWith("blob"),
      (route) => {
        const url = route.request().url();
        if (/tile\.openstreetmap\.org/.test(url)) {
          return route.fulfill({ status: 200, contentType: "image/png", body: tile });
        }
        return route.abort("internetdisconnected");
      },
    );
    await use(context);
  },
});

export { expect };

/** Runs axe on the page as it stands: no serious or critical violation may remain. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

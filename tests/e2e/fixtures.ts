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

/** The link in the newest development-outbox message (/dev/mail, newest first) with this subject for this address. */
export async function mailLink(page: Page, to: string, subject: string): Promise<string> {
  await page.goto("/dev/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const message = page
    .getByRole("listitem")
    .filter({ hasText: `To ${to} ` })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(message).toBeVisible();
  const href = await message.getByRole("link").getAttribute("href");
  expect(href).toBeTruthy();
  return href as string;
}

/** Follows the confirmation link sign-up e-mailed to `email`: reviews, reports and contributions need it. */
export async function confirmEmail(page: Page, email: string) {
  await page.goto(await mailLink(page, email, "Confirm your Nukkad account"));
  await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmed" })).toBeVisible();
}

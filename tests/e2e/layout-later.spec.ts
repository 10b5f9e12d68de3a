// What root mounts after hydration (ADR 057) or hydrates later (ADR 059), at 390 px (mobile project) and 1280 px
// (desktop project): the toaster, the installable app's shell and root's error page are in no first load; when their
// code cannot be fetched the page goes on working.
import { expect, expectAccessible, test } from "./fixtures";

test("with the toaster's and the app shell's code refused, the page stays whole and its links navigate", async ({
  page,
}) => {
  const refused: string[] = [];
  await page.route(/\/(toaster|pwa-shell)-[\w-]+\.js$/, (route) => {
    refused.push(route.request().url());
    return route.abort();
  });
  await page.goto("/search");
  await expect.poll(() => refused.length).toBe(2);
  // Still the search page, not the error page a failed import would have thrown it into.
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeAttached();
  await expect(page.getByRole("heading", { name: /Application Error/ })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("root's error page hydrates once its code has come: its way home navigates in the page", async ({
  page,
}) => {
  const code = page.waitForResponse(/\/route-error-[\w-]+\.js$/);
  const response = await page.goto("/u/nobody-here/nothing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  // A navigation in the page keeps this; a document load would not.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await code;
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});

test("with root's error page's code refused, the page keeps its header and footer, whose links lead on", async ({
  page,
}) => {
  let refused = 0;
  await page.route(/\/route-error-[\w-]+\.js$/, (route) => {
    refused += 1;
    return route.abort();
  });
  await page.goto("/u/nobody-here/nothing");
  await expect.poll(() => refused).toBe(1);
  await expect(page.getByRole("heading", { name: /Application Error/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Nukkad home" })).toBeVisible();
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help Center" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
});

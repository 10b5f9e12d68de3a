// What root mounts after hydration (ADR 057), at 390 px (mobile project) and 1280 px (desktop project): the toaster
// and the installable app's shell are in no first load; when their code cannot be fetched the page goes on working.
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

// The header's parts that hydrate after the first load (ADR 057), at 390 px (mobile project) and 1280 px (desktop
// project): drawn by the server, they stay on screen while their code is on its way and take over in place once it
// comes; a part whose code cannot be fetched is dropped, and the page goes on working.
import { expect, expectAccessible, test } from "./fixtures";

test("the theme button stays drawn while its code is held back, then switches the theme in place", async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/theme-toggle-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto("/search");
  const toDark = page.getByRole("button", { name: "Switch to dark mode" });
  await expect(toDark).toBeVisible();
  // The page has hydrated and asked for the button's code, which is held back a while: the server's button stays.
  await expect.poll(() => asked).toBe(true);
  await page.waitForTimeout(700);
  await expect(toDark).toBeVisible();

  release();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await toDark.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  // Switched by the hydrated button's fetcher: the same document, not a page loaded again.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await expectAccessible(page);
});

test("with the header's later parts refused, the page stays whole and its links still navigate", async ({
  page,
}) => {
  await page.route(/\/(desktop-nav|theme-toggle|notification-bell)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  // Not the error page a failed import would have thrown the page into.
  await expect(page.getByRole("heading", { name: "Application Error" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

import { expect, expectAccessible, isMobile, test } from "./fixtures";

const ROUTES = [
  "/",
  "/feed",
  "/reels",
  "/discover",
  "/search",
  "/add-stall",
  "/bookmarks",
  "/profile",
  "/notifications",
  "/settings",
  "/complete-profile",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/map",
  "/food-trails",
  "/help",
  "/contact",
  "/privacy",
  "/no-such-page",
];

test.describe("every route", () => {
  for (const path of ROUTES) {
    test(`${path} renders in the shared layout with no serious accessibility violations`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
      await expect(page.getByRole("link", { name: "Nukkad home" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeAttached();
      await expectAccessible(page);
    });
  }
});

test("unknown paths show the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/somewhere/that/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("desktop navigation highlights the current page", async ({ page }) => {
  test.skip(isMobile(page), "desktop only");
  await page.goto("/discover");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Tabs" })).toBeHidden();
  await nav.getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL("/search");
  await expect(nav.getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Add Stall" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
});

test("the mobile tab bar is fixed at the bottom and highlights the current tab", async ({ page }) => {
  test.skip(!isMobile(page), "mobile only");
  await page.goto("/");
  const tabs = page.getByRole("navigation", { name: "Tabs" });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  for (const name of ["Home", "Search", "Add", "Reels", "Profile"]) {
    await expect(tabs.getByRole("link", { name })).toBeVisible();
  }
  const box = await tabs.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Reels" }).click();
  await expect(page).toHaveURL("/reels");
  await expect(tabs.getByRole("link", { name: "Reels" })).toHaveAttribute("aria-current", "page");
  await page.mouse.wheel(0, 2000);
  await expect(tabs).toBeInViewport();
});

test("the footer links to the secondary pages and the FAQ", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Food Trails", "/food-trails"],
    ["Help Center", "/help"],
    ["Contact Us", "/contact"],
    ["Privacy Policy", "/privacy"],
    ["FAQ", "/#faq"],
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href as string);
  }
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
  await expect(footer.getByRole("link", { name: /on X/ })).toHaveAttribute("rel", /noopener/);
});

test("the newsletter box asks for confirmation and explains a bad address", async ({ page }) => {
  await page.goto("/help");
  const box = page.getByRole("textbox", { name: "Get new stalls in your inbox" });
  await box.fill("not-an-email");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "valid email" })).toBeVisible();
  await box.fill(`reader-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  // Double opt-in: the address counts once the e-mailed link is followed (tests/e2e/support.spec.ts follows it).
  await expect(
    page.getByText("Almost there! Open the e-mail we just sent you and confirm your subscription."),
  ).toBeVisible();
});

test("dark mode is remembered and rendered by the server, without a flash", async ({ page }) => {
  await page.goto("/settings");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  const dark = page
    .getByRole("main")
    .getByRole("group", { name: "Dark Mode" })
    .getByRole("button", { name: "Dark", exact: true });
  await dark.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(dark).toHaveAttribute("aria-pressed", "true");
  // The server's HTML already carries the class: no script is needed to apply it.
  const html = await (await page.request.get("/")).text();
  expect(html).toMatch(/<html lang="en" class="dark"/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page);
});

test("the site's styles come inside the page and hold through a navigation and a theme change", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.goto("/search");
  // app.css's --background, from the <style> the server wrote into the head (ADR 058).
  expect(await background()).toBe("rgb(255, 250, 243)");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Help Center" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await background()).toBe("rgb(255, 250, 243)");
  // Hydration kept the server's sheet: one, still whole, and the browser fetched no stylesheet for it.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll("style[data-href='nukkad-site']")].map(
      (style) => style.textContent?.length ?? 0,
    ),
  );
  expect(sheets).toHaveLength(1);
  expect(sheets[0]).toBeGreaterThan(10_000);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect.poll(background).toBe("rgb(26, 18, 12)");
  expect(stylesheets).toEqual([]);
});

test("the toaster uses the spec's defaults: labelled 'Notifications', bottom-right", async ({ page }) => {
  await page.goto("/");
  const region = page.getByRole("region", { name: /Notifications/ });
  await expect(region).toBeAttached();
  await expect(region).toHaveAttribute("aria-label", /alt\+T/i);
});

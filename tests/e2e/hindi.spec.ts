// The interface in Hindi (issue 17, ADR 019): the switch on /settings turns the pages Hindi, <html lang="hi">, and
// only then is Noto Sans Devanagari fetched; Home, /search and a stall page speak Hindi, and गोलगप्पे typed into
// the Hindi search box finds the pani puri stalls. Expected figures come from the JSON API; the test only reads data.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, isMobile, test } from "./fixtures";

interface SearchResults {
  total: number;
  items: { id: string; name: string }[];
}

test.describe.configure({ timeout: 120_000 });

async function apiSearch(request: APIRequestContext, q: string): Promise<SearchResults> {
  const response = await request.get(`/api/search?q=${encodeURIComponent(q)}&limit=50`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchResults;
}

/** The header (wide) or the tab bar (narrow) names its links in the page's language. */
async function expectHindiNavigation(page: Page) {
  const nav = page.getByRole("navigation", { name: isMobile(page) ? "टैब" : "मुख्य" });
  await expect(nav.getByRole("link", { name: "होम" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "खोजें" })).toBeVisible();
  if (!isMobile(page)) await expect(nav.getByRole("link", { name: "एक्सप्लोर" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveCount(0);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function waitForHydration(page: Page, selector: string) {
  // React has hydrated the element (it carries React's fiber): typing and clicking now reach the app.
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactFiber")));
  }, selector);
}

test("the switch on /settings turns the app Hindi, with its font, and back to English", async ({
  page,
}, testInfo) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().toLowerCase().includes("devanagari")) fontRequests.push(request.url());
  });
  const paniPuri = (await apiSearch(page.request, "pani puri")).items.find((item) =>
    /pani puri/i.test(item.name),
  );
  if (!paniPuri) throw new Error("the seed has no pani puri stall");

  const subsetRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/language-names-[\w-]+\.woff2$/.test(request.url())) subsetRequests.push(request.url());
  });
  // English pages never ask for the Devanagari font, though the switch itself writes "हिन्दी": its few glyphs come
  // from a subset of their own, so the word is drawn, not shown as empty boxes, on a device with no Devanagari font.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(fontRequests).toEqual([]);
  expect(subsetRequests.length).toBeGreaterThan(0);
  const hindiButton = page.getByRole("main").getByRole("button", { name: "हिन्दी" });
  await expect
    .poll(() =>
      hindiButton.evaluate(async (button) => {
        await document.fonts.ready;
        const face = [...document.fonts].find(
          (font) => font.family.replace(/"/g, "") === "Nukkad Language Names",
        );
        return {
          status: face?.status,
          drawn: document.fonts.check(`14px "Nukkad Language Names"`, button.textContent ?? ""),
        };
      }),
    )
    .toEqual({ status: "loaded", drawn: true });
  await attachScreenshot(page, testInfo, "settings-en-hindi-switch.png");

  const settings = page.getByRole("main");
  await waitForHydration(page, "main form[action='/language'] button");
  await expect(settings.getByText("Language", { exact: true })).toBeVisible();
  await expect(settings.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  await settings.getByRole("button", { name: "हिन्दी" }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "सेटिंग्स" })).toBeVisible();
  // The page was revalidated in place, its title too, once the Hindi messages arrived.
  await expect(page).toHaveTitle("सेटिंग्स · Nukkad");
  await expect(settings.getByText("भाषा", { exact: true })).toBeVisible();
  await expect(settings.getByRole("button", { name: "हिन्दी" })).toHaveAttribute("aria-pressed", "true");
  // Now, and only now, the stylesheet and its Devanagari woff2 files are fetched.
  await expect.poll(() => fontRequests.some((url) => /\.css(\?|$)/.test(url))).toBe(true);
  await expect.poll(() => fontRequests.some((url) => /\.woff2(\?|$)/.test(url))).toBe(true);
  await attachScreenshot(page, testInfo, "settings-hi.png");
  await expectAccessible(page);

  // The choice is kept: pages the server renders from here on are Hindi.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expectHindiNavigation(page);
  await attachScreenshot(page, testInfo, "home-hi.png");
  await expectAccessible(page);

  await page.goto("/search");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expectHindiNavigation(page);
  // The example searches shown before this browser has searched are in the page's language too.
  await expect(page.getByTestId("recent-searches").getByRole("listitem")).toHaveText([
    "कॉफ़ी",
    "मोमो",
    "बिरयानी",
    "मिठाई",
  ]);
  await attachScreenshot(page, testInfo, "search-hi.png");
  await expectAccessible(page);

  await page.goto(`/stall/${paniPuri.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1, name: paniPuri.name })).toBeVisible();
  await expectHindiNavigation(page);
  await attachScreenshot(page, testInfo, "stall-hi.png");
  await expectAccessible(page);

  // And back: the same switch, now on a Hindi page.
  await page.goto("/settings");
  await waitForHydration(page, "main form[action='/language'] button");
  await settings.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page).toHaveTitle("Settings · Nukkad");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("link[rel=stylesheet][href*='devanagari']")).toHaveCount(0);
});

test("in Hindi, गोलगप्पे typed into /search finds the pani puri stalls", async ({ page }, testInfo) => {
  const devanagari = await apiSearch(page.request, "गोलगप्पे");
  const roman = await apiSearch(page.request, "pani puri");
  expect(roman.items.some((item) => /pani puri/i.test(item.name))).toBe(true);
  expect(devanagari.total).toBe(roman.total);

  await page.goto("/settings");
  await waitForHydration(page, "main form[action='/language'] button");
  await page.getByRole("main").getByRole("button", { name: "हिन्दी" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");

  await page.goto("/search");
  await waitForHydration(page, "#search-input");
  const input = page.locator("#search-input");
  await input.pressSequentially("गोलगप्पे");
  await input.press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent("गोलगप्पे")}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  const shown = await cards.allInnerTexts();
  expect(shown.some((text) => /pani puri/i.test(text))).toBe(true);
  await expectHindiNavigation(page);
  await attachScreenshot(page, testInfo, "search-golgappe-hi.png");
  await expectAccessible(page);
});

// Each page carries its own language's messages only (ADR 019, 041): none of an English page's scripts holds the
// Hindi catalogue, nor is its chunk fetched, and a Hindi page fetches neither catalogue (its messages ride in the
// HTML). Switching fetches the new language's chunk, and only it.
test("a page loads only its own language's messages", async ({ page }) => {
  const catalogueRequests: string[] = [];
  const scriptsWithHindi: string[] = [];
  page.on("request", (request) => {
    const chunk = /\/assets\/(en|hi)-[\w-]+\.js$/.exec(request.url());
    if (chunk?.[1]) catalogueRequests.push(chunk[1]);
  });
  page.on("response", async (response) => {
    if (!/\.js$/.test(new URL(response.url()).pathname) || response.status() !== 200) return;
    // "Skip to content" in Hindi: a message of every page's layout, in no script but the Hindi catalogue.
    if ((await response.text()).includes("सामग्री पर जाएँ")) scriptsWithHindi.push(response.url());
  });
  const messages = page.locator("#nukkad-messages");

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await waitForHydration(page, "footer form[action='/language'] button");
  await page.waitForLoadState("networkidle");
  expect(catalogueRequests).toEqual([]);
  expect(scriptsWithHindi).toEqual([]);
  expect(await messages.textContent()).not.toContain("सामग्री पर जाएँ");

  await page.getByRole("contentinfo").getByRole("button", { name: "हिन्दी" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: "सामग्री पर जाएँ" })).toBeAttached();
  expect(catalogueRequests).toEqual(["hi"]);

  catalogueRequests.length = 0;
  await page.goto("/search");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await waitForHydration(page, "footer form[action='/language'] button");
  await page.waitForLoadState("networkidle");
  expect(catalogueRequests).toEqual([]);
  expect(await messages.textContent()).toContain("सामग्री पर जाएँ");

  await page.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached();
  expect(catalogueRequests).toEqual(["en"]);
});

// Search across scripts and spellings (ADRs 018, 036): "गोलगप्पे" typed in Devanagari into the /search box finds
// the pani puri stalls, as golgappa, puchka and pani puri do, and "anda burji" the anda bhurji stalls. Expected
// figures come from the JSON API; the test only reads data.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, isMobile, SEEDED_MODERATOR, SEEDED_USER, signIn, test } from "./fixtures";

interface SearchResults {
  query: string;
  total: number;
  items: { id: string; name: string }[];
}

test.describe.configure({ timeout: 120_000 });

async function apiSearch(request: APIRequestContext, q: string): Promise<SearchResults> {
  const response = await request.get(`/api/search?q=${encodeURIComponent(q)}&limit=50`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchResults;
}

async function openSearch(page: Page) {
  await page.goto("/search");
  // React has hydrated the box (it carries React's fiber): typing now reaches the app.
  await page.waitForFunction(() => {
    const element = document.querySelector("#search-input");
    return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactFiber")));
  });
}

test("गोलगप्पे typed in Devanagari finds the pani puri stalls", async ({ page }) => {
  const devanagari = await apiSearch(page.request, "गोलगप्पे");
  const roman = await apiSearch(page.request, "pani puri");
  // The seeded pani puri stalls are named in Roman letters ("… Pani Puri Corner"): only the loose key and the
  // dish aliases can find them from Devanagari.
  const paniPuriStalls = roman.items.filter((item) => /pani puri/i.test(item.name));
  expect(paniPuriStalls.length).toBeGreaterThan(0);
  expect(devanagari.total).toBe(roman.total);

  await openSearch(page);
  const input = page.getByRole("combobox", { name: "Search" });
  await input.pressSequentially("गोलगप्पे");
  await input.press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent("गोलगप्पे")}`);
  await expect(page.getByRole("heading", { level: 2, name: 'Results for "गोलगप्पे"' })).toBeVisible();
  const total = `${devanagari.total} ${devanagari.total === 1 ? "shop" : "shops"} found`;
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards.first()).toBeVisible();
  const shown = await cards.allInnerTexts();
  expect(shown.some((text) => /pani puri/i.test(text))).toBe(true);
  await expectAccessible(page);
});

test("a dropped h finds the same stalls: anda burji typed into the box lists the anda bhurji stalls", async ({
  page,
}, testInfo) => {
  // ADR 036: the loose key folds the aspirate h, so "burji" meets "Bhurji" on the seeded stalls' names.
  const typed = await apiSearch(page.request, "anda burji");
  const written = await apiSearch(page.request, "anda bhurji");
  expect(written.items.some((item) => /anda bhurji/i.test(item.name))).toBe(true);
  expect(typed.total).toBe(written.total);

  await openSearch(page);
  const input = page.getByRole("combobox", { name: "Search" });
  await input.pressSequentially("anda burji");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=anda(\+|%20)burji$/);
  await expect(page.getByRole("heading", { level: 2, name: 'Results for "anda burji"' })).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards.first()).toContainText(/anda bhurji/i);
  await page.screenshot({ path: testInfo.outputPath("search-anda-burji.png") });
  await expectAccessible(page);
});

test("a moderator adds an alias at /moderation/aliases, search finds the dish by it, and removes it", async ({
  page,
}, testInfo) => {
  // Each project adds its own alias, so the two widths can run at once on one database.
  const alias = isMobile(page) ? "phoolki" : "jhalpuri";
  expect((await apiSearch(page.request, alias)).total).toBe(0);
  await signIn(page, SEEDED_MODERATOR);
  await page.goto("/moderation/aliases");
  await expect(page.getByRole("heading", { level: 1, name: "Dish aliases" })).toBeVisible();
  const panipuri = page.getByRole("list", { name: "Other names of pani puri" });
  await expect(panipuri.getByText("गोलगप्पे", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The schema refuses an empty name beside its field; the model refuses a name already taken.
  await page.getByRole("button", { name: "Add Alias" }).click();
  await expect(page.getByText("Name the dish")).toBeVisible();
  await page.getByRole("textbox", { name: "Dish", exact: true }).fill("chai");
  await page.getByRole("textbox", { name: "Other name" }).fill("GOLGAPPA");
  await page.getByRole("button", { name: "Add Alias" }).click();
  await expect(page.getByText('"GOLGAPPA" is already an alias')).toBeVisible();

  await page.getByRole("textbox", { name: "Dish", exact: true }).fill("pani puri");
  await page.getByRole("textbox", { name: "Other name" }).fill(alias);
  await page.getByRole("button", { name: "Add Alias" }).click();
  await expect(panipuri.getByText(alias, { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("aliases.png"), fullPage: false });
  const found = await apiSearch(page.request, alias);
  expect(found.total).toBe((await apiSearch(page.request, "pani puri")).total);

  await panipuri.getByRole("button", { name: `Remove ${alias}` }).click();
  await expect(panipuri.getByText(alias, { exact: true })).toHaveCount(0);
  expect((await apiSearch(page.request, alias)).total).toBe(0);
});

test("/moderation/aliases is not found for someone who is not a moderator", async ({ page }) => {
  await signIn(page, SEEDED_USER);
  const response = await page.goto("/moderation/aliases");
  expect(response?.status()).toBe(404);
});

// Search (/search): the suggestion combobox, results with their tabs, the pre-search view (Trending, Recent,
// Popular Categories, Popular Tags), recent searches kept in this browser, the empty state, result cards with
// and without a known location, keyboard-only use, and the ways into search from the header and Home.
// Expected numbers come from the JSON API (GET /api/search, /api/search/suggest, /api/categories, /api/tags),
// never hard-coded; every test only reads data.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, isMobile, test } from "./fixtures";

interface TagCount {
  name: string;
  count: number;
  trending: boolean;
}

interface Category extends TagCount {
  value: string;
}

interface ResultItem {
  id: string;
  name: string;
  description: string;
  latitude: number;
  longitude: number;
  rating_average: number | null;
  tags: string[];
  open_state: "open" | "closed" | "maybe";
}

interface SearchResults {
  query: string;
  total: number;
  items: ResultItem[];
  nextCursor: string | null;
  relatedTags: TagCount[];
}

// axe runs and several navigations per test: allow for a busy 2-core machine running other suites too.
test.describe.configure({ timeout: 120_000 });

const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const DISTANCE = /\d+\.\d km/;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

const apiSearch = (request: APIRequestContext, q: string) =>
  getJson<SearchResults>(request, `/api/search?q=${encodeURIComponent(q)}`);
const apiSuggest = async (request: APIRequestContext, q: string) =>
  (await getJson<{ suggestions: string[] }>(request, `/api/search/suggest?q=${encodeURIComponent(q)}`))
    .suggestions;
const apiCategories = async (request: APIRequestContext) =>
  (await getJson<{ categories: Category[] }>(request, "/api/categories")).categories;
const apiTags = async (request: APIRequestContext) =>
  (await getJson<{ tags: TagCount[] }>(request, "/api/tags")).tags;

const searchInput = (page: Page) => page.getByRole("combobox", { name: "Search" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions", includeHidden: true });
const options = (page: Page) => page.getByRole("option");
const resultTabs = (page: Page) => page.getByRole("navigation", { name: "Result types" });
const resultCards = (page: Page) => page.locator("main article");
const section = (page: Page, heading: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
const shopsFound = (total: number) => `${total} ${total === 1 ? "shop" : "shops"} found`;

/** React has hydrated the search box (it carries React's fiber): typing now reaches the app. */
async function waitForHydration(page: Page, selector = "#search-input") {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactFiber")));
  }, selector);
}

async function openSearch(page: Page, path = "/search") {
  await page.goto(path);
  await waitForHydration(page);
}

/** Presses Tab until the focused element satisfies the test (keyboard only), failing after `max` presses. */
async function tabUntil(page: Page, matches: (element: Locator) => Promise<boolean>, what: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await matches(page.locator(":focus"))) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Checks the Results header against the API's answer for the query. */
async function expectResultsHeader(page: Page, expected: SearchResults) {
  await expect(
    page.getByRole("heading", { level: 2, name: `Results for "${expected.query}"` }),
  ).toBeVisible();
  await expect(page.getByText(shopsFound(expected.total), { exact: true })).toBeVisible();
}

test.describe("suggestions", () => {
  test("appear from two characters (at most 5, 'dosa' among them for 'do'), never for one", async ({
    page,
  }) => {
    const expected = await apiSuggest(page.request, "do");
    expect(expected).toContain("dosa");
    expect(expected.length).toBeLessThanOrEqual(5);

    await openSearch(page);
    const input = searchInput(page);
    await expect(input).toHaveAttribute("placeholder", "Search for stalls, food, people...");
    await expect(input).toHaveAttribute("aria-expanded", "false");

    // One character: no request, no list (the debounce is 150 ms; wait well past it).
    await input.pressSequentially("d");
    await page.waitForTimeout(600);
    await expect(options(page)).toHaveCount(0);
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");

    await input.pressSequentially("o");
    await expect(suggestions(page)).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-controls", (await suggestions(page).getAttribute("id")) ?? "-");
    await expect(options(page)).toHaveText(expected);
    expect(await options(page).count()).toBeLessThanOrEqual(5);
    await expect(options(page).filter({ hasText: /^dosa$/ })).toHaveCount(1);

    // Back to one character: the list goes away.
    await input.press("Backspace");
    await expect(options(page)).toHaveCount(0);
    await expect(input).toHaveAttribute("aria-expanded", "false");

    // Escape closes an open list without searching.
    await input.pressSequentially("o");
    await expect(suggestions(page)).toBeVisible();
    await input.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL("/search");
  });

  test("arrow keys pick 'biryani' and Enter searches it: Top Result, then More Stalls", async ({ page }) => {
    const expected = await apiSearch(page.request, "biryani");
    expect(expected.total).toBeGreaterThan(1);
    const suggested = await apiSuggest(page.request, "bir");
    expect(suggested[0]).toBe("biryani");

    await openSearch(page);
    const input = searchInput(page);
    await input.pressSequentially("bir");
    await expect(options(page)).toHaveText(suggested);
    // Nothing highlighted yet.
    await expect(input).not.toHaveAttribute("aria-activedescendant", /.+/);
    await expect(options(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(0);

    await page.keyboard.press("ArrowDown");
    const biryani = page.getByRole("option", { name: "biryani", exact: true });
    await expect(biryani).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await biryani.getAttribute("id")) ?? "-");
    await expect(options(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(1);
    // ArrowUp wraps to the last suggestion, ArrowDown wraps back to the first.
    await page.keyboard.press("ArrowUp");
    await expect(options(page).last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(biryani).toHaveAttribute("aria-selected", "true");
    await expect(input).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search?q=biryani");
    await expectResultsHeader(page, expected);
    await expect(input).toHaveValue("biryani");

    const top = section(page, "Top Result");
    await expect(top.locator("article")).toHaveCount(1);
    await expect(top.getByRole("heading", { level: 4 })).toHaveText(expected.items[0]?.name ?? "-");
    const more = section(page, "More Stalls");
    await expect(more.locator("article")).toHaveCount(expected.items.length - 1);
    await expect(more.getByRole("heading", { level: 4 })).toHaveText(
      expected.items.slice(1).map((item) => item.name),
    );
    // More Stalls follows Top Result.
    const topBox = await top.boundingBox();
    const moreBox = await more.boundingBox();
    expect(moreBox?.y ?? 0).toBeGreaterThan(topBox?.y ?? Number.POSITIVE_INFINITY);
    await expect(resultTabs(page).getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Enter with no suggestion highlighted searches the typed text", async ({ page }) => {
    const expected = await apiSearch(page.request, "chai");
    expect(expected.total).toBeGreaterThan(0);
    await openSearch(page);
    const input = searchInput(page);
    await input.pressSequentially("chai");
    await expect(suggestions(page)).toBeVisible(); // stall names with "chai" are suggested...
    await expect(input).not.toHaveAttribute("aria-activedescendant", /.+/);
    await input.press("Enter"); // ...but none is highlighted, so the typed text is searched.
    await expect(page).toHaveURL("/search?q=chai");
    await expectResultsHeader(page, expected);
    await expect(resultCards(page)).toHaveCount(expected.items.length);
  });

  test("surrounding and repeated spaces are trimmed; a blank query does nothing", async ({ page }) => {
    await openSearch(page);
    const input = searchInput(page);
    await input.fill("   ");
    await input.press("Enter");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL("/search");
    await expect(page.getByRole("heading", { name: "Trending" })).toBeVisible();

    const expected = await apiSearch(page.request, "masala dosa");
    await input.fill("  masala    dosa  ");
    await input.press("Enter");
    // The box trims; the page collapses the inner spaces.
    await expect(page).toHaveURL(/\/search\?q=masala%20dosa$/);
    await expectResultsHeader(page, expected);
    await expect(input).toHaveValue("masala dosa");
  });
});

test.describe("results", () => {
  test("All: Related Tags chips (count, flame when trending) above the tabs, then Top Result", async ({
    page,
  }) => {
    const expected = await apiSearch(page.request, "dosa");
    expect(expected.total).toBeGreaterThan(1);
    expect(expected.relatedTags.some((tag) => tag.trending)).toBe(true);
    expect(expected.relatedTags.some((tag) => !tag.trending)).toBe(true);

    await openSearch(page, "/search?q=dosa");
    await expectResultsHeader(page, expected);
    const tabs = resultTabs(page);
    await expect(tabs.getByRole("link")).toHaveText(["All", "Stalls", "Tags"]);
    await expect(tabs.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    const related = page.getByRole("region", { name: "Related Tags" }).getByRole("listitem");
    await expect(related).toHaveCount(expected.relatedTags.length);
    for (const [index, tag] of expected.relatedTags.entries()) {
      await expect(related.nth(index)).toHaveText(`${tag.name} ${tag.count}`);
      await expect(related.nth(index).getByLabel("trending")).toHaveCount(tag.trending ? 1 : 0);
      await expect(related.nth(index).getByRole("link")).toHaveAttribute(
        "href",
        `/search?q=${encodeURIComponent(tag.name)}`,
      );
    }
    await expect(section(page, "Top Result").getByRole("heading", { level: 4 })).toHaveText(
      expected.items[0]?.name ?? "-",
    );
    await expect(section(page, "More Stalls").locator("article")).toHaveCount(expected.items.length - 1);
    await expectAccessible(page);
  });

  test("Stalls tab sets &tab=stalls and lists every result card; All returns", async ({ page }) => {
    const expected = await apiSearch(page.request, "dosa");
    await openSearch(page, "/search?q=dosa");
    const tabs = resultTabs(page);
    await tabs.getByRole("link", { name: "Stalls", exact: true }).click();
    await expect(page).toHaveURL("/search?q=dosa&tab=stalls");
    await expect(tabs.getByRole("link", { name: "Stalls", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(tabs.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Top Result" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "More Stalls" })).toHaveCount(0);
    await expect(resultCards(page).getByRole("heading", { level: 4 })).toHaveText(
      expected.items.map((item) => item.name),
    );
    await expectAccessible(page);

    await tabs.getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL("/search?q=dosa");
    await expect(tabs.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(section(page, "Top Result").getByRole("heading", { level: 4 })).toHaveText(
      expected.items[0]?.name ?? "-",
    );
    await expect(section(page, "More Stalls").locator("article")).toHaveCount(expected.items.length - 1);
  });

  test("Tags tab lists the related tags with 'N stalls' and a flame when trending", async ({ page }) => {
    const expected = await apiSearch(page.request, "dosa");
    await openSearch(page, "/search?q=dosa");
    const tabs = resultTabs(page);
    await tabs.getByRole("link", { name: "Tags", exact: true }).click();
    await expect(page).toHaveURL("/search?q=dosa&tab=tags");
    await expect(tabs.getByRole("link", { name: "Tags", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(resultCards(page)).toHaveCount(0);
    const tagRows = page.locator("main ul").last().getByRole("link");
    await expect(tagRows).toHaveText(expected.relatedTags.map((tag) => `${tag.name}${tag.count} stalls`));
    for (const [index, tag] of expected.relatedTags.entries()) {
      await expect(tagRows.nth(index)).toHaveAttribute("href", `/search?q=${encodeURIComponent(tag.name)}`);
      await expect(tagRows.nth(index).getByLabel("trending")).toHaveCount(tag.trending ? 1 : 0);
    }
    await expectAccessible(page);
  });

  test("the tab lives in the URL: reloading keeps Tags selected", async ({ page }) => {
    const expected = await apiSearch(page.request, "dosa");
    await openSearch(page, "/search?q=dosa&tab=tags");
    const tags = resultTabs(page).getByRole("link", { name: "Tags", exact: true });
    await expect(tags).toHaveAttribute("aria-current", "page");
    await page.reload();
    await expect(tags).toHaveAttribute("aria-current", "page");
    await expect(resultTabs(page).getByRole("link", { name: "All", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByText(`${expected.relatedTags[0]?.count} stalls`).first()).toBeVisible();
    await expect(resultCards(page)).toHaveCount(0);
    // An unknown tab falls back to All.
    await openSearch(page, "/search?q=dosa&tab=nonsense");
    await expect(resultTabs(page).getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Clear search empties the box and returns to the pre-search view with no q or tab", async ({
    page,
  }) => {
    await openSearch(page, "/search?q=dosa&tab=stalls");
    const input = searchInput(page);
    await expect(input).toHaveValue("dosa");
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page).toHaveURL("/search");
    await expect(input).toHaveValue("");
    await expect(input).toBeFocused();
    await expect(page.getByRole("button", { name: "Clear search" })).toHaveCount(0);
    for (const heading of ["Trending", "Recent", "Popular Categories", "Popular Tags"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: /^Results for/ })).toHaveCount(0);
    await expect(resultTabs(page)).toHaveCount(0);
  });

  test("an unmatched query says so and offers the popular tags", async ({ page }) => {
    const expected = await apiSearch(page.request, "zzzzqqqq");
    expect(expected.total).toBe(0);
    const tags = (await apiTags(page.request)).slice(0, 12);
    await openSearch(page, "/search?q=zzzzqqqq");
    await expectResultsHeader(page, expected);
    await expect(page.getByText('No stalls match "zzzzqqqq".')).toBeVisible();
    await expect(resultCards(page)).toHaveCount(0);
    const offered = section(page, "Popular Tags").getByRole("link");
    await expect(offered).toHaveText(tags.map((tag) => `${tag.name} ${tag.count}`));
    await expectAccessible(page);

    // An offered tag is a search of its own.
    const first = tags[0]?.name ?? "-";
    await offered.first().click();
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(first)}`);
    await expect(page.getByRole("heading", { name: `Results for "${first}"` })).toBeVisible();
  });
});

test.describe("before a search", () => {
  test("Trending, Recent, Popular Categories (2 columns, API counts) and Popular Tags", async ({ page }) => {
    const [categories, tags] = await Promise.all([apiCategories(page.request), apiTags(page.request)]);
    await openSearch(page);
    await expect(page.getByRole("heading", { name: /^Results for/ })).toHaveCount(0);

    const trending = section(page, "Trending").getByRole("link");
    const trendingCount = await trending.count();
    expect(trendingCount).toBeGreaterThan(0);
    expect(trendingCount).toBeLessThanOrEqual(8);
    const candidates = [...tags.slice(0, 5).map((t) => t.name), ...categories.slice(0, 3).map((c) => c.name)];
    for (const name of await trending.allTextContents()) {
      expect(candidates).toContain(name.trim());
      await expect(trending.filter({ hasText: name })).toHaveAttribute(
        "href",
        `/search?q=${encodeURIComponent(name.trim())}`,
      );
    }

    await expect(page.getByTestId("recent-searches").getByRole("listitem")).toHaveText([
      "coffee",
      "momos",
      "biryani",
      "dessert",
    ]);

    const grid = section(page, "Popular Categories").getByRole("list");
    const items = grid.getByRole("button");
    await expect(items).toHaveCount(categories.length);
    for (const [index, category] of categories.entries()) {
      await expect(items.nth(index).getByText(category.name, { exact: true })).toBeVisible();
      await expect(items.nth(index).getByText(`${category.count} stalls`, { exact: true })).toBeVisible();
    }
    // Two columns: the first two items share a row, the third starts the next one under the first.
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => items.nth(i).boundingBox()));
    expect(a && b && c).toBeTruthy();
    if (a && b && c) {
      expect(Math.abs(a.y - b.y)).toBeLessThan(2);
      expect(b.x).toBeGreaterThan(a.x + a.width - 1);
      expect(Math.abs(c.x - a.x)).toBeLessThan(2);
      expect(c.y).toBeGreaterThan(a.y + a.height - 1);
    }
    expect(
      await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.trim().split(/\s+/).length),
    ).toBe(2);
    // Hidden Gem carries its icon, drawn (lucide's gem) rather than an emoji a phone without the font shows as a box.
    await expect(items.filter({ hasText: "Hidden Gem" }).locator("svg[aria-hidden=true]")).toBeVisible();

    const popular = section(page, "Popular Tags").getByRole("link");
    const shown = tags.slice(0, 12);
    expect(shown.length).toBeLessThanOrEqual(12);
    await expect(popular).toHaveText(shown.map((tag) => `${tag.name} ${tag.count}`));

    await expectAccessible(page);
  });

  test("clicking the 'Hidden Gem' category searches the normalised name 'hidden gem'", async ({ page }) => {
    const expected = await apiSearch(page.request, "hidden gem");
    await openSearch(page);
    await section(page, "Popular Categories").getByRole("button").filter({ hasText: "Hidden Gem" }).click();
    await expect(page).toHaveURL("/search?q=hidden%20gem");
    await expectResultsHeader(page, expected);
    await expect(searchInput(page)).toHaveValue("hidden gem");
  });

  test("recent searches are this browser's own and survive a reload", async ({ page }) => {
    await openSearch(page);
    const input = searchInput(page);
    await input.fill("momos");
    await input.press("Enter");
    await expect(page.getByRole("heading", { name: 'Results for "momos"' })).toBeVisible();
    await input.fill("chai");
    await input.press("Enter");
    await expect(page.getByRole("heading", { name: 'Results for "chai"' })).toBeVisible();

    await page.goto("/search");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("recent-searches").getByRole("listitem")).toHaveText(["chai", "momos"]);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("nukkad:recent-searches") ?? "null")),
    ).toEqual(["chai", "momos"]);

    // A recent chip searches again.
    await page.getByTestId("recent-searches").getByRole("link", { name: "momos" }).click();
    await expect(page).toHaveURL("/search?q=momos");
  });
});

test.describe("result cards", () => {
  test("show image, linked name, description, open badge, up to 2 tags, rating, and a heart", async ({
    page,
  }) => {
    const expected = await apiSearch(page.request, "dosa");
    expect(expected.items.length).toBeGreaterThan(1);
    await openSearch(page, "/search?q=dosa&tab=stalls");
    const cards = resultCards(page);
    await expect(cards).toHaveCount(expected.items.length);
    for (const [index, item] of expected.items.entries()) {
      const card = cards.nth(index);
      await expect(card.locator("img")).toHaveCount(1);
      await expect(card.locator("img")).toHaveAttribute("src", /.+/);
      const link = card.getByRole("link", { name: item.name, exact: true });
      await expect(link).toHaveAttribute("href", `/stall/${item.id}`);
      await expect(card.getByText(item.description, { exact: true })).toBeVisible();
      const badge = { open: "Open", closed: "Closed", maybe: "Maybe open" }[item.open_state];
      await expect(card.getByText(/^(Open|Closed|Maybe open)$/)).toHaveText(badge);
      const tagChips = card.locator("p").last().locator("span");
      await expect(tagChips).toHaveText(item.tags.slice(0, 2));
      if (item.rating_average === null) {
        await expect(card.getByText("New", { exact: true })).toBeVisible();
      } else {
        await expect(card.getByText(`${item.rating_average.toFixed(1)} out of 5`)).toBeAttached();
      }
      await expect(card.getByRole("button", { name: `Bookmark ${item.name}` })).toBeVisible();
      // No location known: no distance, no walking time.
      await expect(card).not.toContainText(DISTANCE);
      await expect(card).not.toContainText("min walk");
    }

    // A visitor's heart asks them to sign in and does not follow the card's link.
    await cards
      .first()
      .getByRole("button", { name: `Bookmark ${expected.items[0]?.name}` })
      .click();
    await expect(page.getByText("Please log in first!")).toBeVisible();
    await expect(page).toHaveURL("/search?q=dosa&tab=stalls");

    // The name leads to the stall.
    await cards
      .first()
      .getByRole("link", { name: expected.items[0]?.name ?? "-", exact: true })
      .click();
    await expect(page).toHaveURL(`/stall/${expected.items[0]?.id}`);
  });

  test.describe("with location granted in Bangalore", () => {
    test.use({ geolocation: KORAMANGALA, permissions: ["geolocation"] });

    // "dosa" finds stalls across both cities (far ones: distance only); "koramangala" finds walkable ones.
    for (const query of ["dosa", "koramangala"]) {
      test(`cards for "${query}" show the distance, and a walking time within 5 km`, async ({ page }) => {
        const expected = await apiSearch(page.request, query);
        expect(expected.items.length).toBeGreaterThan(0);
        await openSearch(page, `/search?q=${query}&tab=stalls`);
        const cards = resultCards(page);
        await expect(cards).toHaveCount(expected.items.length);
        await expect(cards.first()).toContainText(DISTANCE);
        let walkable = 0;
        for (const [index, item] of expected.items.entries()) {
          const km = haversineKm(KORAMANGALA, item);
          // One decimal with Indian digit grouping: "1,741.3 km" between the cities.
          const shown = (Math.round(km * 10) / 10).toLocaleString("en-IN", {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          });
          await expect(cards.nth(index)).toContainText(`${shown} km`);
          if (km <= 5) {
            walkable++;
            // By the streets (1.25 x the straight line) at 5 km/h, rounded up, at least a minute.
            const minutes = Math.max(1, Math.ceil((km * 1.25 * 60) / 5 - 1e-9));
            await expect(cards.nth(index)).toContainText(`${minutes} min walk`);
          } else {
            await expect(cards.nth(index)).not.toContainText("min walk");
          }
        }
        if (query === "koramangala") expect(walkable).toBeGreaterThan(0);
        else expect(walkable).toBeLessThan(expected.items.length);
      });
    }
  });
});

/** Great-circle distance in km, written here independently of the app. */
function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

test("keyboard only: type, pick a suggestion, then Tab to the tabs and a result", async ({ page }) => {
  const expected = await apiSearch(page.request, "momos");
  expect(expected.total).toBeGreaterThan(0);
  await openSearch(page);

  await tabUntil(page, async (el) => (await el.getAttribute("id")) === "search-input", "the search input");
  await page.keyboard.type("mom");
  const momos = page.getByRole("option", { name: "momos", exact: true });
  await expect(momos).toBeVisible();
  // Arrow down to "momos", wherever it is in the list.
  for (let i = 0; i < 5 && (await momos.getAttribute("aria-selected")) !== "true"; i++) {
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  }
  await expect(momos).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=momos");
  await expectResultsHeader(page, expected);

  await tabUntil(
    page,
    async (el) =>
      (await el.textContent()) === "Stalls" &&
      Boolean((await el.getAttribute("href"))?.includes("tab=stalls")),
    "the Stalls tab",
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search?q=momos&tab=stalls");

  const first = expected.items[0];
  await tabUntil(
    page,
    async (el) => (await el.getAttribute("href")) === `/stall/${first?.id}`,
    "the first result's link",
  );
  await expect(page.locator(":focus")).toHaveText(first?.name ?? "-");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/stall/${first?.id}`);
});

test.describe("ways into search", () => {
  test("the header (or mobile tab bar) Search link opens /search, and searching adds ?q=", async ({
    page,
  }) => {
    await page.goto("/discover");
    const nav = isMobile(page)
      ? page.getByRole("navigation", { name: "Tabs" })
      : page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search");
    await expect(nav.getByRole("link", { name: "Search", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await waitForHydration(page);
    await searchInput(page).fill("momos");
    await searchInput(page).press("Enter");
    await expect(page).toHaveURL("/search?q=momos");
    await expect(page.getByRole("heading", { name: 'Results for "momos"' })).toBeVisible();
  });

  test("Home's search box searches on Enter", async ({ page }) => {
    const expected = await apiSearch(page.request, "biryani");
    await page.goto("/");
    const box = page.getByPlaceholder("Search for food, area, or cuisine...");
    await box.fill("biryani");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=biryani");
    await expectResultsHeader(page, expected);
  });
});

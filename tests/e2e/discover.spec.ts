// Discover's first paint and its map (ADR 015): the server's HTML already holds the stalls of the area the visitor
// last looked at (or New Delhi), location is asked for on arrival only when already allowed, and the map loads the
// stalls of wherever it is moved to.
import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect, expectAccessible, isMobile, test } from "./fixtures";

const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const NEW_DELHI = { latitude: 28.6139, longitude: 77.209 };
const YOU_ARE_HERE = "rgb(124, 58, 237)";

interface ListStall {
  id: string;
  name: string;
  distance: number | null;
}

const cards = (page: Page) => page.locator("main article");
const isBoxQuery = (response: Response) => {
  const url = new URL(response.url());
  return url.pathname === "/api/shop" && url.searchParams.has("bbox");
};

async function nearest(page: Page, point: { latitude: number; longitude: number }): Promise<ListStall> {
  const response = await page.request.get(`/api/shop?near=${point.latitude},${point.longitude}&limit=1`);
  const [first] = ((await response.json()) as { items: ListStall[] }).items;
  expect(first, "a seeded stall near the point").toBeTruthy();
  return first as ListStall;
}

async function setArea(context: BrowserContext, baseURL: string | undefined, value: string) {
  await context.addCookies([{ name: "nukkad-area", value, url: baseURL ?? "" }]);
}

async function areaCookie(context: BrowserContext): Promise<number[]> {
  const cookie = (await context.cookies()).find((c) => c.name === "nukkad-area");
  return (cookie?.value ?? "").split(",").map(Number);
}

interface MarkersSeen {
  /** Every count line shown, in order. */
  counts: string[];
  /** How often the map's markers (the preview's or the map's) vanished once shown. */
  blanks: number;
  shown: boolean;
}

/** From the page's first script on, notes what `markersSeen` answers. */
async function watchMarkers(page: Page) {
  await page.addInitScript(() => {
    const seen: MarkersSeen = { counts: [], blanks: 0, shown: false };
    (window as unknown as { seen: MarkersSeen }).seen = seen;
    new MutationObserver(() => {
      const count = document.querySelector("main p[aria-live='polite']")?.textContent;
      if (count && seen.counts.at(-1) !== count) seen.counts.push(count);
      const shown = document.querySelector("[data-map-preview-marker], .leaflet-marker-icon") !== null;
      if (seen.shown && !shown) seen.blanks++;
      seen.shown = shown;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const markersSeen = (page: Page) => page.evaluate(() => (window as unknown as { seen: MarkersSeen }).seen);

test.describe("the server's HTML", () => {
  test("holds New Delhi's stall cards, 20 at first, with no cookie", async ({ page }) => {
    const html = await (await page.request.get("/discover?view=list")).text();
    expect(html.match(/<article\b/g)?.length ?? 0).toBeGreaterThan(0);
    expect(html.match(/<article\b/g)?.length ?? 0).toBeLessThanOrEqual(20);
    expect(html).toContain((await nearest(page, NEW_DELHI)).name);
    expect(html).toMatch(/\d+\+? stalls? near New Delhi/);
  });

  test("holds the stalls of the area in the cookie, and New Delhi's when the cookie is not an area", async ({
    page,
    context,
    baseURL,
  }) => {
    const bangalore = (await nearest(page, KORAMANGALA)).name;
    await setArea(context, baseURL, "12.9352,77.6245,13");
    let html = await (await page.request.get("/discover?view=list")).text();
    expect(html).toContain(bangalore);
    expect(html).toMatch(/\d+\+? stalls? in this area/);

    await setArea(context, baseURL, "12.9352,77.6245,99");
    html = await (await page.request.get("/discover?view=list")).text();
    expect(html).not.toContain(bangalore);
    expect(html).toContain((await nearest(page, NEW_DELHI)).name);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list's cards are in the page as the server sent it", async ({ page }) => {
    await page.goto("/discover?view=list");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Discover Nearby" })).toBeVisible();
  });

  test("the map's place shows where its stalls are, hidden from assistive technology", async ({ page }) => {
    await page.goto("/discover");
    await expect(page.getByText("Loading map...")).toBeVisible();
    const markers = page.locator("[data-map-preview-marker]");
    await expect(markers.first()).toBeVisible();
    // New Delhi's seeded stalls, some of them drawn as clusters with their count.
    expect(await markers.count()).toBeGreaterThan(0);
    await expect(markers.filter({ hasText: /^\d+$/ }).first()).toBeVisible();
    await expect(page.locator("[aria-hidden='true']").filter({ has: markers.first() })).toHaveCount(1);
  });
});

const MAP_HEIGHT_PX = 500;

/** Each marker's middle, relative to the top left of the box `container` selects. */
async function markerCentres(page: Page, container: string, marker: string) {
  return page.locator(container).evaluate((box, selector) => {
    const origin = box.getBoundingClientRect();
    return [...box.querySelectorAll(selector)].map((element) => {
      const rect = element.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      return {
        x: x - origin.left,
        y: y - origin.top,
        inside: x >= origin.left && x <= origin.right && y >= origin.top && y <= origin.bottom,
        text: element.textContent ?? "",
      };
    });
  }, marker);
}

test("the map replaces the server's preview with the same markers in the same places", async ({ page }) => {
  // The map's code and any stalls it would load for its own box are held, so the preview can be measured with
  // JavaScript running, then the map drawn from the very stalls the server sent.
  let releaseMap = () => {};
  const mapHeld = new Promise<void>((resolve) => {
    releaseMap = resolve;
  });
  await page.route(/\/assets\/discover-map\.client-[^/]+\.js$/, async (route) => {
    await mapHeld;
    await route.continue();
  });
  await page.route(/\/api\/shop\?bbox=/, () => new Promise(() => {}));
  await page.goto("/discover");
  const preview = page.locator("[data-map-preview-marker]");
  await expect(preview.first()).toBeVisible();
  await page.waitForLoadState("load");
  const before = await markerCentres(
    page,
    "[aria-hidden='true']:has(> [data-map-preview-marker])",
    "[data-map-preview-marker]",
  );

  // Only markers whose middles the map shows, as the map itself draws: none above or below it, and on a desktop,
  // whose map is the widest, none beyond its sides either (a phone's narrower map cuts some off there).
  expect(before.filter((marker) => marker.y < 0 || marker.y > MAP_HEIGHT_PX)).toEqual([]);
  if (!isMobile(page)) expect(before.filter((marker) => !marker.inside)).toEqual([]);

  releaseMap();
  const map = page.locator(".leaflet-container");
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(preview).toHaveCount(0);
  const inView = before.filter((marker) => marker.inside).length;
  await expect(map.locator(".leaflet-marker-icon")).toHaveCount(inView);
  const after = await markerCentres(page, ".leaflet-container", ".leaflet-marker-icon");
  for (const marker of after) {
    const match = before.find((seen) => Math.hypot(seen.x - marker.x, seen.y - marker.y) <= 2);
    expect(match, `a preview marker where the map drew ${JSON.stringify(marker)}`).toBeTruthy();
    expect(match?.text).toBe(marker.text);
  }
  await expectAccessible(page);
});

test.describe("location already allowed (Koramangala)", () => {
  test.use({ geolocation: KORAMANGALA, permissions: ["geolocation"] });

  test("the map moves to the visitor with their stalls, never blank, shows the violet You are here dot, and lists the stalls near them", async ({
    page,
    context,
  }) => {
    await watchMarkers(page);
    const boxes: URLSearchParams[] = [];
    page.on("response", (response) => {
      if (isBoxQuery(response)) boxes.push(new URL(response.url()).searchParams);
    });
    const loaded = page.waitForResponse(isBoxQuery);
    await page.goto("/discover");
    const query = new URL((await loaded).url()).searchParams;
    const [west, south, east, north] = (query.get("bbox") ?? "").split(",").map(Number) as number[];
    expect(west).toBeLessThan(KORAMANGALA.longitude);
    expect(east).toBeGreaterThan(KORAMANGALA.longitude);
    expect(south).toBeLessThan(KORAMANGALA.latitude);
    expect(north).toBeGreaterThan(KORAMANGALA.latitude);
    expect(query.get("near")).toBe(`${KORAMANGALA.latitude},${KORAMANGALA.longitude}`);

    await expect(page.getByText(/^\d+\+? stalls? near you$/)).toBeVisible();
    const map = page.locator(".leaflet-container");
    await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
    const dot = map.locator("path.leaflet-interactive");
    await expect(dot).toHaveAttribute("fill", "#7c3aed");
    const legend = page.getByRole("region", { name: "Map Legend" });
    await expect(legend.getByRole("listitem")).toHaveText([
      "Open",
      "Closed",
      "Hidden Gem",
      "Trending",
      "Popular Spot",
      "You are here",
    ]);
    const swatch = legend.getByRole("listitem").filter({ hasText: "You are here" }).locator("span");
    await expect(swatch).toHaveCSS("background-color", YOU_ARE_HERE);
    const popular = legend.getByRole("listitem").filter({ hasText: "Popular Spot" }).locator("span");
    await expect(popular).not.toHaveCSS("background-color", YOU_ARE_HERE);
    // The area is remembered for the server's next render.
    await expect.poll(async () => (await areaCookie(context))[0]).toBeCloseTo(KORAMANGALA.latitude, 1);
    await expectAccessible(page);
    // New Delhi's markers (the server's area) stayed until the map moved with the stalls around the visitor, whose
    // stalls then stayed: every box asked for holds the visitor. (On a slow phone the map's report of New Delhi's
    // box, made before the move, loaded New Delhi's stalls over theirs; the discover bench counts that blank.)
    expect((await markersSeen(page)).blanks).toBe(0);
    for (const box of boxes) {
      const [boxWest, boxSouth, boxEast, boxNorth] = (box.get("bbox") ?? "").split(",").map(Number) as [
        number,
        number,
        number,
        number,
      ];
      expect(boxWest < KORAMANGALA.longitude && KORAMANGALA.longitude < boxEast, box.get("bbox") ?? "").toBe(
        true,
      );
      expect(boxSouth < KORAMANGALA.latitude && KORAMANGALA.latitude < boxNorth, box.get("bbox") ?? "").toBe(
        true,
      );
    }

    await page.getByRole("button", { name: "List", exact: true }).click();
    await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(
      (await nearest(page, KORAMANGALA)).name,
    );
    await expectAccessible(page);
  });
});

test.describe("location allowed, two visits in one tab", () => {
  test.use({ geolocation: KORAMANGALA, permissions: ["geolocation"] });

  test("the later visit asks where the visitor is again", async ({ page }) => {
    await page.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const ask = geolocation.getCurrentPosition.bind(geolocation);
      const asked = { count: 0 };
      Object.assign(window, { asked });
      geolocation.getCurrentPosition = (...args) => {
        asked.count++;
        ask(...args);
      };
    });
    const askedSoFar = () =>
      page.evaluate(() => (window as unknown as { asked: { count: number } }).asked.count);
    // The first visit comes from a link that says where to look (as Home's Near Me does): the page's code still asks
    // where the visitor is as it loads, and the page leaves that answer.
    await page.goto(`/discover?near=${NEW_DELHI.latitude},${NEW_DELHI.longitude}`);
    await expect(page.getByText(/^\d+\+? stalls? near you$/)).toBeVisible();
    await expect(page.locator(".leaflet-container .leaflet-marker-icon").first()).toBeVisible();
    await expect.poll(askedSoFar).toBe(1);

    // Home, then back to Discover in the same document: the page asks anew, never taking the first visit's answer.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "Home", exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const link = page.getByRole("link", { name: "See all on the map" });
    await expect(link).toBeVisible();
    await page.waitForLoadState("networkidle");
    const before = await askedSoFar();
    const loaded = page.waitForResponse(isBoxQuery);
    await link.click();
    expect(new URL((await loaded).url()).searchParams.get("near")).toBe(
      `${KORAMANGALA.latitude},${KORAMANGALA.longitude}`,
    );
    expect(await askedSoFar()).toBe(before + 1);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
});

test.describe("a returning visitor with location allowed (Koramangala)", () => {
  test.use({ geolocation: KORAMANGALA, permissions: ["geolocation"] });

  test("the page arrives with their own area, and moves to where they are without New Delhi or a blank map between", async ({
    page,
    context,
    baseURL,
  }) => {
    // Their last visit left the map 1 km south of where they are now.
    await setArea(context, baseURL, "12.9262,77.6245,13");
    // (Booleans: a failed match would print the whole page.)
    const html = await (await page.request.get("/discover")).text();
    expect(html.includes("data-map-preview-marker")).toBe(true);
    expect(/>\d+\+? stalls? in this area</.test(html)).toBe(true);
    const listHtml = await (await page.request.get("/discover?view=list")).text();
    const near = await nearest(page, KORAMANGALA);
    expect(listHtml.includes(near.name)).toBe(true);
    expect(listHtml.includes((await nearest(page, NEW_DELHI)).name)).toBe(false);

    await watchMarkers(page);
    // The map's code is held until the stalls around them have loaded: the position comes before the map, and the
    // page shows the new area's markers itself meanwhile.
    let releaseMap = () => {};
    const mapHeld = new Promise<void>((resolve) => {
      releaseMap = resolve;
    });
    await page.route(/\/assets\/discover-map\.client-[^/]+\.js$/, async (route) => {
      await mapHeld;
      await route.continue();
    });
    const loaded = page.waitForResponse(isBoxQuery);
    await page.goto("/discover");
    const answer = (await (await loaded).json()) as { items: ListStall[] };
    await expect(page.getByText(/^\d+\+? stalls? near you$/)).toBeVisible();
    await expect(page.locator("[data-map-preview-marker]").first()).toBeVisible();

    releaseMap();
    await expect(page.locator(".leaflet-container .leaflet-marker-icon").first()).toBeVisible();
    await expect(page.locator("[data-map-preview-marker]")).toHaveCount(0);
    const seen = await markersSeen(page);
    expect(seen.blanks).toBe(0);
    expect(seen.counts.filter((count) => count.includes("New Delhi"))).toEqual([]);

    // The list holds the stalls the map was drawn from, nearest them first.
    await page.getByRole("button", { name: "List", exact: true }).click();
    await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(near.name);
    await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(
      answer.items[0]?.name ?? "-",
    );
  });
});

test.describe("location not allowed", () => {
  test.use({ permissions: [] });

  test("nothing asks for the position on arrival; Use My Location does, and says why it failed", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const asked = { count: 0 };
      (window as unknown as { asked: typeof asked }).asked = asked;
      const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
      navigator.geolocation.getCurrentPosition = (...args) => {
        asked.count++;
        original(...args);
      };
    });
    await page.goto("/discover?view=list");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByText(/^\d+\+? stalls? near New Delhi$/)).toBeVisible();
    const asked = () => page.evaluate(() => (window as unknown as { asked: { count: number } }).asked.count);
    await page.waitForLoadState("networkidle");
    expect(await asked()).toBe(0);
    await expect(page.getByText("Location access denied. Using default location.")).toHaveCount(0);

    await page.getByRole("button", { name: "Use My Location" }).click();
    await expect(page.getByText("Location access denied. Using default location.")).toBeVisible();
    expect(await asked()).toBe(1);
    await expect(page.getByText(/^\d+\+? stalls? near New Delhi$/)).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("the list shows 20 cards at a time, and loads the map's code only when the map is asked for", async ({
    page,
    context,
    baseURL,
  }) => {
    const mapCode: string[] = [];
    page.on("request", (request) => {
      if (/\/discover-map\.client-[^/]*\.js$/.test(request.url())) mapCode.push(request.url());
    });
    // Bangalore zoomed out holds all of its seeded stalls: more than one page.
    await setArea(context, baseURL, "12.96,77.6,11");
    await page.goto("/discover?view=list");
    const total = Number((await page.getByText(/^\d+ stalls in this area$/).textContent())?.split(" ")[0]);
    expect(total).toBeGreaterThan(20);
    await expect(cards(page)).toHaveCount(20);
    await page.getByRole("button", { name: `Show more stalls (20 of ${total})` }).click();
    await expect(cards(page)).toHaveCount(Math.min(40, total));
    await page.waitForLoadState("networkidle");
    expect(mapCode).toEqual([]);

    await page.getByRole("button", { name: "Map", exact: true }).click();
    await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
    expect(mapCode).toHaveLength(1);
  });

  test("panning the map from empty fields into Bangalore loads its stalls and remembers the area", async ({
    page,
    context,
    baseURL,
  }) => {
    // 25 km west of Bangalore's stalls, zoomed in enough that none are in view at either width.
    await setArea(context, baseURL, "12.9352,77.32,12");
    await page.goto("/discover");
    await expect(page.getByText("0 stalls in this area", { exact: true })).toBeVisible();
    const map = page.locator(".leaflet-container");
    await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
    const answers: Response[] = [];
    page.on("response", (response) => {
      if (isBoxQuery(response)) answers.push(response);
    });
    // The arrow keys pan a focused map by 80 px; about eight of them move the view the 0.22 degrees east to the
    // stalls. Leaflet ignores a key while the previous pan still animates (a quarter second, longer on a busy
    // machine), so each key waits for the pan before it to end, and the keys go on until the stalls are shown.
    await map.focus();
    const pane = map.locator(".leaflet-map-pane");
    const found = page.getByText(/^[1-9]\d*\+? stalls in this area$/);
    for (let step = 0; step < 16 && !(await found.isVisible()); step++) {
      await page.keyboard.press("ArrowRight");
      await expect(pane).not.toHaveClass(/leaflet-pan-anim/);
    }
    await expect(found).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Loading nearby food stalls...")).toHaveCount(0);
    const count = Number.parseInt((await found.textContent()) ?? "", 10);
    // The stalls shown are the page's last query's: a response to a query it has since dropped can arrive after it.
    const bodies = await Promise.all(
      answers.map((response) => response.json().catch(() => null) as Promise<{ items: ListStall[] } | null>),
    );
    const answer = [...bodies].reverse().find((body) => body?.items.length === count);
    expect(
      answer,
      `an answer of ${count} stalls among ${bodies.map((body) => body?.items.length)}`,
    ).toBeTruthy();
    if (!answer) return;
    await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
    // Remembered where the map was moved to, east of where it started (77.32).
    await expect.poll(async () => (await areaCookie(context))[1]).toBeGreaterThan(77.35);

    // The server renders the same area next time.
    const html = await (await page.request.get("/discover?view=list")).text();
    expect(html).toContain(answer.items[0]?.name ?? "-");
  });
});

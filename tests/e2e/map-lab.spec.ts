// The Map Lab (/map) end to end, one journey per width: the five maps (drag, nearby stalls, current location
// refused then allowed, search-and-pin, focused stall), a GPX file shown and a broken one refused, copying
// gps_coordinates and exporting pins. Texts come from app/lib/rules/map-lab.ts and app/components/map-lab/*.
// Geocoding answers are stubbed here; tiles by the fixture.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const GPX = new URL("./fixtures-data/chandni-chowk-walk.gpx", import.meta.url).pathname;
const FOUND = [
  { display_name: "Connaught Place, New Delhi, Delhi, India", lat: 28.6315, lon: 77.2167 },
  { display_name: "Connaught Place Metro, New Delhi, Delhi, India", lat: 28.6328, lon: 77.2197 },
];
const DROPPED_ADDRESS = "Janpath, Connaught Place, New Delhi, Delhi, India";
const HERE = { latitude: 28.5677, longitude: 77.2433, accuracy: 24.6 };

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const tool = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The zoom a map shows: the highest zoom among its tiles' URLs (…/{z}/{x}/{y}.png), since Leaflet keeps the
 * tiles of the zoom it left until the new ones have loaded. */
const tileZoom = (map: Locator) =>
  map
    .locator("img.leaflet-tile")
    .evaluateAll((tiles) =>
      Math.max(...tiles.map((img) => Number((img as HTMLImageElement).src.split("/").at(-3)))),
    );

async function stubGeocoding(page: Page) {
  await page.route("**/api/geocode/**", (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/api/geocode/reverse")
      return route.fulfill({ json: { display_name: DROPPED_ADDRESS } });
    const q = url.searchParams.get("q") ?? "";
    if (q === "broken")
      return route.fulfill({ status: 502, json: { error: "Failed to search area. Please try again." } });
    return route.fulfill({ json: { results: q === "connaught" ? FOUND : [] } });
  });
}

type Copied = { copied: string[] };

/** Headless Chromium here never settles clipboard.writeText, so the page's clipboard records what it is given. */
async function recordClipboard(page: Page) {
  await page.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as Copied).copied = copied;
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied.push(text);
        },
      },
    });
  });
}

test("the Map Lab's tools work with a mouse, a keyboard and a file", async ({ page, context }) => {
  test.setTimeout(240_000);
  await stubGeocoding(page);
  await recordClipboard(page);
  await page.goto("/map");
  await expect(page.getByRole("heading", { level: 1, name: "Map Lab" })).toBeVisible();
  const drag = tool(page, "Drag-and-drop marker");
  await expect(drag.getByRole("button", { name: "Selected location" })).toBeVisible();

  await test.step("drag-and-drop marker: coordinates with six decimals and the address, by mouse and keyboard", async () => {
    const coordinates = drag.getByTestId("drag-coordinates");
    await expect(coordinates).toHaveText("28.613900, 77.209000");
    const marker = drag.getByRole("button", { name: "Selected location" });
    await marker.scrollIntoViewIfNeeded();
    const box = await marker.boundingBox();
    if (!box) throw new Error("the marker has no box");
    const x = box.x + box.width / 2;
    const y = box.y + box.height - 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y + 30, { steps: 8 });
    await page.mouse.up();
    await expect(drag.getByText(`Address: ${DROPPED_ADDRESS}`)).toBeVisible();
    await expect(coordinates).not.toHaveText("28.613900, 77.209000");
    await expect(coordinates).toHaveText(/^\d+\.\d{6}, \d+\.\d{6}$/);

    // The arrow keys nudge the focused marker; the move is committed once the keys rest.
    const dragged = await coordinates.textContent();
    await marker.focus();
    await page.keyboard.press("ArrowUp");
    await expect(coordinates).not.toHaveText(dragged ?? "");

    // Typed coordinates move the pin too.
    await drag.getByLabel("Latitude").fill("28.6315");
    await drag.getByLabel("Longitude").fill("77.2167");
    await drag.getByLabel("Longitude").press("Enter");
    await expect(coordinates).toHaveText("28.631500, 77.216700");
    await expect(drag.getByLabel("Latitude")).toHaveValue("28.631500");
  });

  await test.step("copy as gps_coordinates, in the add-stall form's (lat,lng) text", async () => {
    await drag.getByRole("button", { name: "Copy as gps_coordinates" }).click();
    await expect(toasts(page).getByText("Copied (28.631500,77.216700)")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as Copied).copied)).toEqual([
      "(28.631500,77.216700)",
    ]);
  });

  await test.step("three real stalls near the default location, as markers and links", async () => {
    const nearby = tool(page, "Stalls nearby");
    const links = nearby.getByRole("list", { name: "Nearest stalls" }).getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(nearby.locator(".leaflet-marker-icon")).toHaveCount(3);
    expect(await tileZoom(nearby)).toBe(12);
    await expect(links.first()).toHaveAttribute("href", /^\/stall\//);
    // Asked again, through the API, for where the map looks now: the same three, nearest first.
    const names = await links.allTextContents();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/shop");
    await nearby.getByRole("button", { name: "Show stalls near the map centre" }).click();
    expect((await answered).status()).toBe(200);
    await expect(links).toHaveText(names);
    await expect(nearby.locator(".leaflet-marker-icon")).toHaveCount(3);
  });

  await test.step("current location: refused, then allowed with the accuracy circle", async () => {
    const location = tool(page, "Your current location");
    await location.getByRole("button", { name: "Show my location" }).click();
    await expect(location.getByText("Location access denied by user")).toBeVisible();
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(HERE);
    await location.getByRole("button", { name: "Show my location" }).click();
    await expect(location.getByText("Accuracy: 25 m")).toBeVisible();
    await expect(location.getByText("28.567700, 77.243300")).toBeVisible();
    await expect(location.getByText("Location access denied by user")).toHaveCount(0);
    // The dot and the circle of accuracy.
    await expect(location.locator("path.leaflet-interactive")).toHaveCount(2);
    await expect.poll(() => tileZoom(location)).toBe(18);
  });

  await test.step("search and pin: found, nothing found, and a failed search", async () => {
    const search = tool(page, "Search and pin");
    const box = search.getByLabel("Search for a place");
    await box.fill("nowhere");
    await box.press("Enter");
    await expect(search.getByText("No locations found. Try a different search term.")).toBeVisible();
    await box.fill("broken");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(search.getByText("Failed to search location. Please try again.")).toBeVisible();
    await box.fill("connaught");
    await box.press("Enter");
    await expect(search.getByText(`Pinned: ${FOUND[0]?.display_name}`)).toBeVisible();
    await expect(search.getByText("28.631500, 77.216700")).toBeVisible();
    await expect.poll(() => tileZoom(search)).toBe(16);
    await search.getByRole("button", { name: FOUND[1]?.display_name }).click();
    await expect(search.getByText(`Pinned: ${FOUND[1]?.display_name}`)).toBeVisible();
    await search.getByRole("button", { name: "Add to my pins" }).click();
    await expect(toasts(page).getByText("Added to your pins")).toBeVisible();
  });

  await test.step("focused map: a chosen stall at zoom 18", async () => {
    const focus = tool(page, "Focused map");
    const select = focus.getByLabel("Stall");
    const second = await select.locator("option").nth(1).textContent();
    await select.selectOption({ index: 1 });
    await expect(focus.getByRole("region", { name: `Close-up map of ${second}` })).toBeVisible();
    await expect(focus.getByRole("button", { name: second ?? "" })).toBeVisible();
    await expect.poll(() => tileZoom(focus)).toBe(18);
  });

  await test.step("a GPX file is shown; a broken one is refused", async () => {
    const file = tool(page, "Show a file on the map");
    await file.getByLabel("GeoJSON or GPX file").setInputFiles(GPX);
    await expect(file.getByText("chandni-chowk-walk.gpx: 2 places and 1 line")).toBeVisible();
    // Two waypoints and the track.
    await expect(file.locator("path.leaflet-interactive")).toHaveCount(3);
    await file.getByLabel("GeoJSON or GPX file").setInputFiles({
      name: "broken.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from('<gpx><wpt lat="28.6" lon="77.2">'),
    });
    await expect(file.getByText("This file is not valid GPX.")).toBeVisible();
    await expect(file.locator("path.leaflet-interactive")).toHaveCount(0);
    await file.getByLabel("GeoJSON or GPX file").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await expect(file.getByText("Choose a GeoJSON (.geojson, .json) or GPX (.gpx) file.")).toBeVisible();
  });

  await test.step("the pins export as GeoJSON, [longitude, latitude]", async () => {
    await drag.getByRole("button", { name: "Add to my pins" }).click();
    const pins = tool(page, "My pins");
    await expect(pins.getByRole("listitem")).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      pins.getByRole("button", { name: "Export pins (GeoJSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("nukkad-pins.geojson");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    expect(
      exported.features.map((f: { geometry: { coordinates: number[] } }) => f.geometry.coordinates),
    ).toEqual([
      [FOUND[1]?.lon, FOUND[1]?.lat],
      [77.2167, 28.6315],
    ]);
    expect(exported.features[0].properties.name).toBe(FOUND[1]?.display_name);

    // Kept in this browser: a reload still lists them; removing one leaves the other.
    await page.reload();
    // Location is allowed now, so the current-location map finds it without being asked.
    await expect(tool(page, "Your current location").getByText("Accuracy: 25 m")).toBeVisible();
    await expect(tool(page, "My pins").getByRole("listitem")).toHaveCount(2);
    await tool(page, "My pins")
      .getByRole("button", { name: `Remove ${FOUND[1]?.display_name}` })
      .click();
    await expect(tool(page, "My pins").getByRole("listitem")).toHaveCount(1);
  });

  await expectAccessible(page);
});

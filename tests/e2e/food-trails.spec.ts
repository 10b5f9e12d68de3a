// Food Trails end to end (issue 18), at 390 px (mobile project) and 1280 px (desktop project): Feeling Hungry on Home
// with location allowed and refused, a curated trail (numbered markers, Start walking, the three exports parsed back,
// share by copied link, save), a custom trail built from bookmarks (keyboard-only reorder, Optimise order, saved
// and shown), stops reordered by dragging their grip (touch on the phone, the mouse on the desktop), and a trail
// reported from its page on the phone and hidden by a moderator on a desktop. Texts come from
// app/components/food-trail/*, app/routes/food-trails*.tsx and app/components/moderation/trail-report-list.tsx.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  appOrigin,
  expect,
  expectAccessible,
  isMobile,
  newMember,
  PASSWORD,
  prepareContext,
  SEEDED_MODERATOR,
  SEEDED_USER,
  signIn,
  test,
} from "./fixtures";

/** VV Puram's food street: seven seeded stalls within a walk are open on a Wednesday evening. */
const VV_PURAM = { latitude: 12.9495, longitude: 77.5736 };
const INDIRANAGAR = { latitude: 12.9719, longitude: 77.6412 };
const CHANDNI_CHOWK = "28.6562,77.2301";

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

async function stallsNear(request: APIRequestContext, near: string, limit: number) {
  const response = await request.get(`/api/shop?near=${near}&limit=${limit}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { id: string; name: string }[] }).items;
}

/** A time in India on the coming Wednesday. */
function nextWednesdayAt(time: string): Date {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7 || 7));
  return new Date(`${day.toISOString().slice(0, 10)}T${time}:00+05:30`);
}

/** The names of Feeling Hungry's three stops, in order. */
const generatedStops = (page: Page) =>
  page.getByRole("list", { name: "Your food trail" }).getByRole("listitem").getByRole("link");

test.describe("Feeling Hungry on Home, location allowed", () => {
  test.use({ geolocation: VV_PURAM, permissions: ["geolocation"] });

  test("makes a walk of three open stalls near the visitor, then another one", async ({ page }) => {
    // An evening walk (the page sends its own clock as the start): at 9 am few VV Puram stalls are open yet.
    await page.clock.setFixedTime(nextWednesdayAt("19:00"));
    // The answer waits until the button has been seen busy: the page must say so for as long as the work takes.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: unknown[] = [];
    await page.route("**/api/trails/generate", async (route) => {
      sent.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    // A phone's first fix takes a while: pressed before it comes, the walk still starts where the visitor is.
    await page.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const answer = geolocation.getCurrentPosition.bind(geolocation);
      geolocation.getCurrentPosition = (found, failed, options) =>
        void setTimeout(() => answer(found, failed, options), 1_500);
    });
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Feeling Hungry?" }) });
    await section.getByRole("button", { name: "Generate Food Trail" }).click();
    const busy = section.getByRole("button", { name: "Generating Trail..." });
    await expect(busy).toBeDisabled();
    await expect.poll(() => sent.length).toBe(1);
    await expect(busy).toBeDisabled();
    release();
    expect(sent[0]).toMatchObject({
      lat: VV_PURAM.latitude,
      lng: VV_PURAM.longitude,
      count: 3,
      exclude: [],
    });

    await expect(generatedStops(page)).toHaveCount(3);
    const first = await generatedStops(page).allTextContents();
    for (const link of await generatedStops(page).all()) {
      await expect(link).toHaveAttribute("href", /^\/stall\/[A-Za-z0-9_-]+$/);
    }
    // Distance from the visitor, then from the stop before; the cuisine; the estimate; no default-location notice.
    await expect(section.getByText(/km from you · /)).toHaveCount(1);
    await expect(section.getByText(/km from the previous stop · /)).toHaveCount(2);
    await expect(section.getByText(/^(Estimated time: \d+-\d+ hours|About .+)$/)).toBeVisible();
    await expect(section.getByText("Your location is not known")).toHaveCount(0);
    await expect(section.locator("[data-stop-number]")).toHaveCount(3);
    // A visitor is asked to sign in to keep it, and comes back to the editor with the three stalls.
    await expect(section.getByRole("link", { name: "Sign in to save this trail" })).toHaveAttribute(
      "href",
      /^\/auth\?redirectTo=%2Ffood-trails%2Fnew%3Fstalls%3D/,
    );
    await expectAccessible(page);

    await section.getByRole("button", { name: "Try another" }).click();
    await expect(generatedStops(page)).not.toHaveText(first);
    // The stalls just shown are sent to be left out.
    expect((sent[1] as { exclude: string[] }).exclude).toHaveLength(3);
    const second = await generatedStops(page).allTextContents();
    expect(second.length).toBeGreaterThanOrEqual(2);
    expect(new Set([...first, ...second]).size).toBeGreaterThan(first.length);
  });
});

test.describe("Feeling Hungry on Home, location refused", () => {
  test.use({ permissions: [] });

  test("starts from New Delhi and says so", async ({ page }) => {
    await page.clock.setFixedTime(nextWednesdayAt("19:00"));
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Feeling Hungry?" }) });
    const request = page.waitForRequest("**/api/trails/generate");
    await section.getByRole("button", { name: "Generate Food Trail" }).click();
    expect((await request).postDataJSON()).toMatchObject({ lat: 28.6139, lng: 77.209 });
    await expect(
      section.getByText("Your location is not known, so this trail starts in New Delhi."),
    ).toBeVisible();
    // Connaught Place's stalls open at 19:00 within a walk of each other: two or three of them (ADR 033).
    await expect(generatedStops(page).first()).toBeVisible();
    expect(await generatedStops(page).count()).toBeGreaterThanOrEqual(2);
    await expect(section.getByText(/km from the centre of New Delhi/)).toBeVisible();
    // The community counter counts the seeded trails.
    const counter = page.locator("dl > div").filter({ hasText: "Food trails created" }).locator("dd");
    expect(Number((await counter.textContent())?.replace(/\D/g, ""))).toBeGreaterThanOrEqual(4);
  });
});

test.describe("Feeling Hungry on Home at night", () => {
  test.use({ geolocation: INDIRANAGAR, permissions: ["geolocation"] });

  test("offers the walk for when enough stalls open, shows its start, and plans another time", async ({
    page,
  }) => {
    // 04:10 in India: every stall near Indiranagar's 100 Feet Road is closed.
    await page.clock.setFixedTime(nextWednesdayAt("04:10"));
    const sent: { start: string }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/trails/generate")) sent.push(request.postDataJSON());
    });
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Feeling Hungry?" }) });
    await section.getByRole("button", { name: "Generate Food Trail" }).click();
    await expect(section.getByText("No stalls near here are open for a walk right now.")).toBeVisible();
    // Trying again now could only say the same.
    await expect(section.getByRole("button", { name: "Try another" })).toHaveCount(0);
    const later = section.getByRole("button", { name: /^Plan it for \d{1,2}:\d{2}\s?[ap]m today$/i });
    const time = (await later.textContent())?.replace(/^Plan it for | today$/g, "") ?? "";
    await expectAccessible(page);

    await later.click();
    await expect(section.getByText(`Starts at ${time} today`)).toBeVisible();
    await expect(generatedStops(page)).not.toHaveCount(0);
    expect(await generatedStops(page).count()).toBeGreaterThanOrEqual(2);
    await expect(
      section.getByText(/^\d+ min walking \(.+ at 5 km\/h\) and 20 min at each stop$/),
    ).toBeVisible();
    expect(new Date(sent[1]?.start ?? "").getTime()).toBeGreaterThan(nextWednesdayAt("04:10").getTime());

    // Another time, on the stalls' clock: 20:30 that evening.
    await section.getByText("Pick another time").click();
    const day = nextWednesdayAt("20:30");
    await section
      .getByLabel("Start time")
      .fill(`${new Date(day.getTime() + 330 * 60_000).toISOString().slice(0, 10)}T20:30`);
    await section.getByRole("button", { name: "Plan for this time" }).click();
    await expect(section.getByText(/^Starts at 8:30\s?[ap]m today$/i)).toBeVisible();
    expect(sent[2]?.start).toBe(day.toISOString());
    await expect(generatedStops(page)).not.toHaveCount(0);
  });
});

test("a curated trail: numbered map, walking directions, exports, shared by copied link and saved", async ({
  page,
}) => {
  // No Web Share here: the link is copied (the clipboard is stubbed to read back what was written).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    const copied: string[] = [];
    Object.assign(window, { copiedText: copied });
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
  });
  const unknown = await page.goto("/food-trails/no-such-trail");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Trail not found" })).toBeVisible();
  await signIn(page, SEEDED_USER);
  await page.goto("/food-trails");
  await expect(page.getByRole("heading", { level: 1, name: "Food Trails" })).toBeVisible();
  await expectAccessible(page);
  const curated = page.getByRole("list", { name: "Curated" }).getByRole("listitem");
  expect(await curated.count()).toBeGreaterThanOrEqual(2);
  // Each project saves its own trail, so the two never count each other's save.
  const card = curated.nth(test.info().project.name === "mobile" ? 0 : 1);
  await expect(card.getByText("Curated by Nukkad")).toBeVisible();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/food-trails\/[A-Za-z0-9_-]+$/);
  const trailId = new URL(page.url()).pathname.split("/").pop() as string;

  const stops = page.getByRole("list", { name: "Stops" }).getByRole("listitem");
  await expect(stops.first()).toBeVisible();
  const count = await stops.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(stops.first().getByText(/^Arrive at /)).toBeVisible();
  const firstName = (await stops.first().getByRole("heading").textContent())?.replace(/^Stop 1: /, "");
  // On a phone the map is below the stops, and its code loads as it comes near the screen: scroll down to it.
  const directions = page.getByRole("link", { name: /^(Start walking|Leg 1 of \d+)/ }).first();
  await directions.scrollIntoViewIfNeeded();
  await expect(page.locator("[data-stop-number]")).toHaveText(
    Array.from({ length: count }, (_, i) => String(i + 1)),
  );
  await expect(page.getByRole("button", { name: `Stop 1: ${firstName}` })).toBeVisible();
  await expect(page.locator(".leaflet-overlay-pane path")).toHaveCount(1);
  const href = new URL((await directions.getAttribute("href")) as string);
  expect(href.origin + href.pathname).toBe("https://www.google.com/maps/dir/");
  expect(href.searchParams.get("travelmode")).toBe("walking");
  expect((href.searchParams.get("waypoints") ?? "").split("|").filter(Boolean).length).toBeLessThanOrEqual(3);
  await expectAccessible(page);

  // Moving the start time moves the arrival times.
  const firstArrival = await stops
    .first()
    .getByText(/^Arrive at /)
    .textContent();
  await page.getByLabel("Start time").fill("2030-01-15T23:45");
  await expect(stops.first().getByText(/^Arrive at /)).not.toHaveText(firstArrival as string);
  await expect(stops.first().getByText(/^Arrive at 11:45\s?pm$/i)).toBeVisible();

  // Exports download and read back: GPX and KML as XML with every stop, GeoJSON in [lng, lat] order.
  const api = (await (await page.request.get(`/api/trails/${trailId}`)).json()) as {
    stops: { stall: { name: string; latitude: number; longitude: number } }[];
  };
  for (const format of ["GPX", "KML", "GeoJSON"]) {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: format, exact: true }).click();
    const text = await (await download).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    if (format === "GeoJSON") {
      const geojson = JSON.parse(text) as {
        features: { geometry: { type: string; coordinates: number[] }; properties: { name?: string } }[];
      };
      const points = geojson.features.filter((feature) => feature.geometry.type === "Point");
      expect(points.map((point) => point.geometry.coordinates)).toEqual(
        api.stops.map(({ stall }) => [stall.longitude, stall.latitude]),
      );
    } else {
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        return {
          error: doc.querySelector("parsererror") !== null,
          names: [...doc.querySelectorAll(xml.includes("<gpx") ? "wpt > name" : "Placemark > name")].map(
            (node) => node.textContent,
          ),
        };
      }, text);
      expect(parsed.error).toBe(false);
      for (const { stall } of api.stops) expect(parsed.names).toContain(stall.name);
    }
  }

  await page.getByRole("button", { name: "Share" }).click();
  await expect(toasts(page).getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copiedText: string[] }).copiedText)).toEqual([
    page.url(),
  ]);

  // Save is a toggle: whichever state the seeded user's trail is in, one press flips it and moves the count by one.
  const save = page.getByRole("button", { name: /^Saved? \(\d+\)$/ });
  const wasSaved = (await save.getAttribute("aria-pressed")) === "true";
  const before = Number((await save.textContent())?.match(/\((\d+)\)/)?.[1]);
  const stored = page.waitForResponse((response) => response.request().method() === "POST");
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", String(!wasSaved));
  expect((await stored).ok()).toBe(true);
  await page.reload();
  const after = wasSaved ? `Save (${before - 1})` : `Saved (${before + 1})`;
  await expect(page.getByRole("button", { name: after, exact: true })).toBeVisible();
});

test("a custom trail from bookmarks: keyboard-only reorder, Optimise order, saved", async ({ page }) => {
  test.slow();
  // 04:00 in India, when the Chandni Chowk stalls are all closed.
  await page.clock.setFixedTime(nextWednesdayAt("04:00"));
  await newMember(page, { name: "Trail Walker", confirmed: false });
  const stalls = (await stallsNear(page.request, CHANDNI_CHOWK, 4)).slice(0, 3);
  for (const stall of stalls) {
    const response = await page.request.post("/bookmarks", {
      form: { intent: "favourite", stallId: stall.id, favourited: "true" },
      headers: { Origin: appOrigin() },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto("/bookmarks");
  await page.getByText("Make a Food Trail from your bookmarks").click();
  const make = page.getByRole("button", { name: "Make a Food Trail" });
  await expect(make).toBeDisabled();
  for (const stall of stalls) await page.getByRole("checkbox", { name: stall.name }).check();
  await expect(page.getByText("3 stalls chosen")).toBeVisible();
  await make.click();
  await expect(page).toHaveURL(/\/food-trails\/new\?stalls=/);
  await expect(page.getByRole("heading", { level: 1, name: "Create a Food Trail" })).toBeVisible();

  const stopNames = page.getByRole("list", { name: "Stops" }).getByRole("heading", { level: 3 });
  await expect(stopNames).toHaveCount(3);
  // The editor starts with the chosen stalls in My Food Trail's order.
  const [a, b, c] = (await stopNames.allTextContents()).map((text) => text.replace(/^Stop \d: /, "")) as [
    string,
    string,
    string,
  ];
  expect([a, b, c].sort()).toEqual(stalls.map((stall) => stall.name).sort());
  await expect(page.getByText(/^Arrive at /)).toHaveCount(3);
  await expectAccessible(page);

  // Keyboard only: focus the first stop's Move down, press Enter twice; each move is announced and focus follows.
  await page.getByRole("button", { name: `Move down ${a}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Moved ${a} to stop 2 of 3.`)).toBeAttached();
  await expect(page.getByRole("button", { name: `Move down ${a}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(stopNames).toHaveText([`Stop 1: ${b}`, `Stop 2: ${c}`, `Stop 3: ${a}`]);
  // At the end Move down is disabled, so focus goes to Move up of the same stop.
  await expect(page.getByRole("button", { name: `Move up ${a}` })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Remove ${a}` })).toBeFocused();

  // At 04:00 every stop is closed: nothing moves, and the message says so and names them (issue 34).
  await page.getByRole("button", { name: "Optimise order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nothing moved." })).toHaveText(
    `Nothing moved. Not open when you can get there: ${b}, ${c}, and ${a}.`,
  );
  await expect(stopNames).toHaveText([`Stop 1: ${b}`, `Stop 2: ${c}`, `Stop 3: ${a}`]);

  // A title is required: the form says so beside the field.
  await page.getByRole("button", { name: "Save trail" }).click();
  await expect(page.getByText("Please give the trail a title")).toBeVisible();
  await page.getByLabel("Title").fill("My Chandni Chowk walk");
  await page.getByLabel("Note for this stop").first().fill("Ask for extra chutney");
  await page.getByRole("button", { name: "Save trail" }).click();
  await expect(page).toHaveURL(/\/food-trails\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Chandni Chowk walk" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Stops" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText("Ask for extra chutney")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await expectAccessible(page);
});

type Point = { x: number; y: number };

/** One finger through Chromium's touch input on the phone (so pointer events say pointerType 'touch', and the
 * browser would scroll the page instead unless touch-action forbids it), the mouse on the desktop. */
async function pointer(page: Page) {
  if (test.info().project.name !== "mobile") {
    return {
      down: async ({ x, y }: Point) => {
        await page.mouse.move(x, y);
        await page.mouse.down();
      },
      move: ({ x, y }: Point) => page.mouse.move(x, y, { steps: 8 }),
      up: () => page.mouse.up(),
      cancel: async () => {
        await page.keyboard.press("Escape");
        await page.mouse.up();
      },
    };
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd" | "touchCancel", touchPoints: Point[]) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints });
  let at: Point = { x: 0, y: 0 };
  return {
    down: async (point: Point) => {
      at = point;
      await touch("touchStart", [point]);
    },
    move: async (point: Point) => {
      for (let step = 1; step <= 8; step++) {
        await touch("touchMove", [
          { x: at.x + ((point.x - at.x) * step) / 8, y: at.y + ((point.y - at.y) * step) / 8 },
        ]);
      }
      at = point;
    },
    up: () => touch("touchEnd", []),
    cancel: () => touch("touchCancel", []),
  };
}

test("stops reorder by dragging the grip: a finger on the phone, the mouse on the desktop; a cancelled drag puts the stop back", async ({
  page,
}) => {
  await newMember(page, { name: "Trail Walker", confirmed: false });
  const stalls = (await stallsNear(page.request, CHANDNI_CHOWK, 3)).slice(0, 3);
  const [a, b, c] = stalls as [(typeof stalls)[0], (typeof stalls)[0], (typeof stalls)[0]];
  await page.goto(`/food-trails/new?stalls=${stalls.map((stall) => stall.id).join(",")}`);
  const stopNames = page.getByRole("list", { name: "Stops" }).getByRole("heading", { level: 3 });
  await expect(stopNames).toHaveText([`Stop 1: ${a.name}`, `Stop 2: ${b.name}`, `Stop 3: ${c.name}`]);
  // Arrival times are worked out after hydration, so the grips listen by now.
  await expect(page.getByText(/^Arrive at /)).toHaveCount(3);

  const stop = (id: string) => page.locator(`[data-stop="${id}"]`);
  const grip = stop(a.id).locator("[data-grip]");
  // Only the grip keeps the finger from scrolling the page.
  await expect(grip).toHaveCSS("touch-action", "none");
  await expect(stop(a.id)).toHaveCSS("touch-action", "auto");
  await stop(a.id).evaluate((item) => window.scrollBy(0, item.getBoundingClientRect().top - 96));
  const gripBox = (await grip.boundingBox()) as { x: number; y: number; width: number; height: number };
  const from = { x: gripBox.x + gripBox.width / 2, y: gripBox.y + gripBox.height / 2 };
  const second = (await stop(b.id).boundingBox()) as { y: number; height: number };
  // Past the middle of the second stop.
  const to = { x: from.x, y: second.y + second.height * 0.75 };
  const before = (await stop(a.id).boundingBox()) as { y: number };

  const hand = await pointer(page);
  // The listener is in place before the finger comes down: the touch goes through a CDP session of its own, whose
  // messages may overtake a listener still on its way.
  type Seen = { seenPointerType?: string };
  await page.evaluate(() =>
    window.addEventListener(
      "pointerdown",
      (event) => {
        (window as Seen).seenPointerType = event.pointerType;
      },
      { once: true, capture: true },
    ),
  );
  await hand.down(from);
  await expect
    .poll(() => page.evaluate(() => (window as Seen).seenPointerType))
    .toBe(test.info().project.name === "mobile" ? "touch" : "mouse");
  await hand.move(to);
  // The stop follows the pointer while it is held.
  const held = (await stop(a.id).boundingBox()) as { y: number };
  expect(Math.abs(held.y - before.y - (to.y - from.y))).toBeLessThan(2);
  // The second stop slides up to show where the first one will land.
  await expect.poll(async () => (await stop(b.id).boundingBox())?.y).toBeLessThan(second.y - 50);
  // The phone's touch is cancelled (pointercancel), the desktop's drag is left with Escape: nothing moves.
  await hand.cancel();
  await expect(stopNames).toHaveText([`Stop 1: ${a.name}`, `Stop 2: ${b.name}`, `Stop 3: ${c.name}`]);
  await expect(stop(a.id)).toHaveCSS("transform", "none");
  await expect(page.getByText(/^Moved /)).toHaveCount(0);

  await hand.down(from);
  await hand.move(to);
  await hand.up();
  await expect(stopNames).toHaveText([`Stop 1: ${b.name}`, `Stop 2: ${a.name}`, `Stop 3: ${c.name}`]);
  // Announced as the Move up / Move down buttons announce a move.
  await expect(page.getByText(`Moved ${a.name} to stop 2 of 3.`)).toBeAttached();
  // The order moved is the order saved.
  const sent = page.locator('input[name$="].stallId"]');
  expect(
    await sent.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
  ).toEqual([b.id, a.id, c.id]);
});

test("a trail reported from its page on a phone is hidden by a moderator on a desktop; its author is told why", async ({
  page,
  browser,
}) => {
  test.skip(!isMobile(page), "one walk through both sizes: the phone reports, a 1280 px context moderates");
  test.setTimeout(180_000);
  // A new member's trail: hiding it changes no other test's trails, and the upheld report lowers only this
  // author's trust level (ADR 051), not the seeded user's that later specs add stalls and reels with.
  const author = await newMember(page, { name: "Trail Author", confirmed: true });
  const stalls = await stallsNear(page.request, "12.9352,77.6245", 2);
  const title = `Reported walk ${Date.now()}`;
  const created = await page.request.post("/api/trails", {
    data: { title, description: "", stops: stalls.map((stall) => ({ stallId: stall.id, note: null })) },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Someone else, with a confirmed address, reports it from the trail's page.
  await page.context().clearCookies();
  await newMember(page, { name: "Trail Walker", confirmed: true });
  await page.goto(`/food-trails/${id}`);
  const opener = page.getByRole("button", { name: "Report", exact: true });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Report this trail" });
  await expect(dialog.getByRole("radio", { name: "Spam or advertising" })).toBeVisible();
  await expectAccessible(page);
  // Something else needs details: the message sits under the field and nothing is sent.
  await dialog.getByRole("radio", { name: "Something else" }).check();
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expect(dialog.getByText("Please describe the problem")).toBeVisible();
  await dialog
    .getByLabel("Details (needed for Something else)")
    .fill("Every stop is one owner's shop: an advert, not a walk.");
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expect(toasts(page).getByText("Thanks! A moderator will look at your report.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A moderator at 1280 px finds it in the Trails tab and hides it with a reason.
  const context = await browser.newContext({ baseURL: appOrigin(), viewport: { width: 1280, height: 800 } });
  await prepareContext(context);
  const moderator = await context.newPage();
  await signIn(moderator, SEEDED_MODERATOR);
  await moderator.goto(`/moderation?tab=trails&q=${encodeURIComponent(title)}`);
  const tabs = moderator.getByRole("navigation", { name: "Moderation queues" });
  await expect(tabs.getByRole("link", { name: /^Reported trails 1$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const card = moderator.getByRole("article", { name: title });
  await expect(
    card.getByText("Something else: Every stop is one owner's shop: an advert, not a walk."),
  ).toBeVisible();
  await expectAccessible(moderator);
  await card
    .getByLabel("Reason for hiding (shown to the author)")
    .fill("An advert for one shop, not a food walk.");
  await card.getByRole("button", { name: /^Hide trail/ }).click();
  await expect(
    toasts(moderator).getByText(`"${title}" is hidden. Its author sees your reason.`),
  ).toBeVisible();
  await expect(moderator.getByText(`Nothing in reported trails matches "${title}".`)).toBeVisible();
  await context.close();

  // Gone for the reporter; its author still sees it, with the reason.
  const gone = await page.goto(`/food-trails/${id}`);
  expect(gone?.status()).toBe(404);
  await page.context().clearCookies();
  await signIn(page, { email: author.email, password: PASSWORD });
  await page.goto(`/food-trails/${id}`);
  await expect(page.getByRole("heading", { name: "Hidden by a moderator" })).toBeVisible();
  await expect(page.getByText("Reason: An advert for one shop, not a food walk.")).toBeVisible();
});

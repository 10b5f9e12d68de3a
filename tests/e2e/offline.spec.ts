// Issue 23, the installable app and its service worker (ADR 029), at 390 px: the manifest and its icons, the
// worker controlling the page, a member's bookmarks, stall pages and trail opening with no network, the offline
// page for anything else (axe) in the language the person chose and free of hydration errors, writes made offline (a bookmark and note, a trail's edit) reaching the server once
// when the network is back, and the update banner. The worker runs in these tests only: the others block it
// (playwright.config.ts), so its 3-second fallback to cached pages can never answer another test's page.
import type { Page } from "@playwright/test";
import { appOrigin, expect, expectAccessible, isMobile, newMember, test } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test.beforeEach(async ({ page }) => {
  test.skip(!isMobile(page), "the installed app is a phone's: one run at 390 px");
});

/** Opens `path` and waits until the service worker controls the page (the first load installs it). */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js/);
}

test("the app is installable: a valid manifest with its icons, and a worker that controls the page", async ({
  page,
}) => {
  const response = await page.request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Nukkad",
    short_name: "Nukkad",
    start_url: "/",
    display: "standalone",
    theme_color: "#c2410c",
    background_color: "#fffaf3",
  });
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ["Discover", "/discover"],
    ["Search", "/search"],
    ["Add a Stall", "/add-stall"],
    ["My Food Trail", "/bookmarks"],
  ]);
  // Each icon loads as a PNG of the size it claims (the width and height sit in the PNG header).
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
    const bytes = await image.body();
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-security-policy"]).toContain("worker-src 'self'");

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${appOrigin()}/sw.js`,
  );
  // Chromium's own verdict, the one its install prompt and Lighthouse's installability check use. A Playwright
  // context is an incognito profile, where Chromium installs nothing: every other criterion must be met.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
});

type Stall = { id: string; name: string };

/**
 * A new member (their e-mail confirmed) with two bookmarked stalls near Chandni Chowk, a note on the first, a rating
 * on the second and a trail of both, all saved online through the pages' and the API's own requests.
 */
async function memberWithSavedStalls(page: Page) {
  await newMember(page, { name: "Offline Walker", confirmed: true });
  // The page signing in left open keeps the member's offline set, and would race the setup below: a set read after
  // the bookmarks but before the trail counts as fresh for five minutes, so the next page would not keep the trail.
  await page.goto("about:blank");

  const near = await page.request.get("/api/shop?near=28.6562,77.2301&limit=3");
  const found = ((await near.json()) as { items: Stall[] }).items;
  expect(found).toHaveLength(3);
  const [first, second, third] = found as [Stall, Stall, Stall];
  const stalls = [first, second];
  const post = (form: Record<string, string>) =>
    page.request.post("/bookmarks", { form, headers: { Origin: appOrigin() } });
  for (const stall of stalls) {
    expect((await post({ intent: "favourite", stallId: stall.id, favourited: "true" })).ok()).toBe(true);
  }
  expect((await post({ intent: "note", stallId: first.id, note: "Ask for extra chutney" })).ok()).toBe(true);
  expect((await post({ intent: "rating", stallId: second.id, personal_rating: "4" })).ok()).toBe(true);
  const title = `Offline walk ${Date.now()}`;
  const created = await page.request.post("/api/trails", {
    data: { title, description: "", stops: stalls.map((stall) => ({ stallId: stall.id, note: null })) },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id: trailId } = (await created.json()) as { id: string };
  return { stalls, first, second, third, title, trailId };
}

/** Whether the worker keeps `path` in its page cache. */
const kept = (page: Page, path: string) =>
  page.evaluate(async (url) => Boolean(await caches.match(url, { cacheName: "nukkad-pages" })), path);

test("offline, a member's bookmarks, their stall pages and their trail open with their data", async ({
  page,
  context,
}) => {
  test.slow();
  const { stalls, first, second, title, trailId } = await memberWithSavedStalls(page);

  // One page online: the worker installs, and the page stores the member's offline set.
  await openControlled(page, "/");
  for (const path of ["/bookmarks", `/stall/${first.id}`, `/stall/${second.id}`, `/food-trails/${trailId}`]) {
    await expect.poll(() => kept(page, path), { message: path, timeout: 30_000 }).toBe(true);
  }

  await context.setOffline(true);
  await page.goto("/bookmarks");
  await expect(page.getByRole("heading", { level: 1, name: "My Food Trail" })).toBeVisible();
  await expect(page.getByRole("link", { name: first.name }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: second.name }).first()).toBeVisible();
  await expect(page.getByText("Ask for extra chutney")).toBeVisible();

  for (const stall of stalls) {
    await page.goto(`/stall/${stall.id}`);
    await expect(page.getByRole("heading", { level: 1, name: stall.name })).toBeVisible();
  }

  await page.goto(`/food-trails/${trailId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: first.name }).first()).toBeVisible();

  // A page never opened: the offline page, naming what this device keeps.
  await page.goto("/feed");
  await expect(page).toHaveURL(/\/offline\?from=%2Ffeed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Available offline" })).toBeVisible();
  await expect(page.getByText("You are offline. These are saved on this device.")).toBeVisible();
  const saved = page.getByRole("region", { name: "Saved stalls" });
  await expect(saved.getByRole("link", { name: first.name })).toBeVisible();
  await expect(saved.getByRole("link", { name: second.name })).toBeVisible();
  await expect(saved.getByText("Ask for extra chutney")).toBeVisible();
  await expect(saved.getByText("Your rating: 4 of 5")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Your trails" }).getByRole("link", { name: title }),
  ).toBeVisible();
  await expectAccessible(page);

  // Back online, signing out leaves nothing of the member on the device: the page's own clean-up, not the server's
  // Clear-Site-Data (Chromium honours it, Safari does not), so the header is taken off here.
  await context.setOffline(false);
  await page.route(/\/signout(\.data)?$/, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const headers = response.headers();
    delete headers["clear-site-data"];
    await route.fulfill({ response, headers });
  });
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  // The worker goes on keeping what a visitor opens from here (route look-ups, public pages): none of it is theirs.
  const memberPages = [
    "/profile",
    "/bookmarks",
    `/stall/${first.id}`,
    `/stall/${second.id}`,
    `/food-trails/${trailId}`,
  ];
  await expect
    .poll(() =>
      page.evaluate(async (paths) => {
        const kept = await Promise.all(paths.map((path) => caches.match(path, { ignoreVary: true })));
        return { kept: kept.filter(Boolean).length, photos: await caches.has("nukkad-photos") };
      }, memberPages),
    )
    .toEqual({ kept: 0, photos: false });
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .not.toContain("nukkad-offline");
});

test("offline in Hindi: the offline page, its tab bar and footer are Hindi, and it hydrates without an error", async ({
  page,
  context,
}) => {
  test.slow();
  // React's hydration errors (minified #418 text, #423 recovered, #425 text content) reach the console.
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /#41[89]|#42[35]|hydrat/i.test(message.text()))
      hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/#41[89]|#42[35]|hydrat/i.test(error.message)) hydrationErrors.push(error.message);
  });
  await context.addCookies([{ name: "nukkad-lang", value: "hi", url: appOrigin() }]);
  await openControlled(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  // The page notes its language for the worker once it has loaded.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await caches.match("/__language", { cacheName: "nukkad-language" }))?.text(),
      ),
    )
    .toBe("hi");

  await context.setOffline(true);
  await page.goto("/feed");
  await expect(page).toHaveURL(/\/offline\?from=%2Ffeed$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1, name: "ऑफ़लाइन उपलब्ध" })).toBeVisible();
  await expect(page.getByText("इस डिवाइस पर अभी कुछ सहेजा नहीं गया है।", { exact: false })).toBeVisible();
  // The note on the page that could not be opened, drawn once the page has hydrated (the `from` of the URL).
  await expect(page.getByText("यह पेज इस डिवाइस पर सहेजा नहीं गया है।")).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "टैब" });
  await expect(tabs.getByRole("link", { name: "होम" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: "एक्सप्लोर करें" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveCount(0);
  await expectAccessible(page);
  expect(hydrationErrors).toEqual([]);

  // Back to English, the offline page follows.
  await context.setOffline(false);
  await context.addCookies([{ name: "nukkad-lang", value: "en", url: appOrigin() }]);
  await page.goto("/");
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await caches.match("/__language", { cacheName: "nukkad-language" }))?.text(),
      ),
    )
    .toBe("en");
  await context.setOffline(true);
  await page.goto("/reels");
  await expect(page.getByRole("heading", { level: 1, name: "Available offline" })).toBeVisible();
  await expect(page.getByText("This page is not saved on this device.")).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});

test("a bookmark and a note made offline wait in the queue and reach the server once when the network is back", async ({
  page,
  context,
}) => {
  test.slow();
  const { stalls, third } = await memberWithSavedStalls(page);
  // Online: the offline set is stored, and the third stall's page is opened once, so the worker keeps it.
  await openControlled(page, "/");
  for (const path of ["/bookmarks", ...stalls.map((stall) => `/stall/${stall.id}`)]) {
    await expect.poll(() => kept(page, path), { message: path, timeout: 30_000 }).toBe(true);
  }
  await page.goto(`/stall/${third.id}`);
  await expect.poll(() => kept(page, `/stall/${third.id}`), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(`/stall/${third.id}`);
  await expect(page.getByRole("heading", { level: 1, name: third.name })).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "Offline: changes will sync" });
  await expect(banner).toBeVisible();

  await page.getByRole("button", { name: "Add to Favorites" }).click();
  await expect(page.getByRole("button", { name: "Added to Favorites" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(banner).toContainText("1 change waiting");
  await page.getByRole("button", { name: `Edit note for ${third.name}` }).click();
  await page.getByRole("textbox", { name: "Personal note" }).fill("Best after 8 pm");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // Nothing the person did is lost: the heart stays on and the note shows, both waiting.
  await expect(page.getByText("Best after 8 pm")).toBeVisible();
  await expect(page.getByRole("button", { name: "Added to Favorites" })).toBeVisible();
  await expect(banner).toContainText("2 changes waiting");
  await expectAccessible(page);

  // Stars given on My Food Trail stay as given while they wait.
  const [first] = stalls as [Stall, Stall];
  await page.goto("/bookmarks");
  const card = page
    .getByRole("list", { name: "Bookmarked stalls" })
    .getByRole("listitem")
    .filter({ hasText: first.name });
  await card
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "5 stars" }) })
    .click();
  await expect(banner).toContainText("3 changes waiting");
  await expect(card.getByRole("radio", { name: "5 stars" })).toBeChecked();

  await context.setOffline(false);
  await expect(page.getByText("Your offline changes are saved.")).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  const favourites = await page.request.get("/api/profile/favorites");
  const items = (
    (await favourites.json()) as {
      items: { stallId: string; note: string | null; personal_rating: number | null }[];
    }
  ).items;
  expect(items.filter((item) => item.stallId === third.id)).toEqual([
    expect.objectContaining({ stallId: third.id, note: "Best after 8 pm" }),
  ]);
  expect(items.find((item) => item.stallId === first.id)).toMatchObject({ personal_rating: 5 });
  expect(items).toHaveLength(3);
  // The pages show what the server has, and nothing waits any more, here or after a reload.
  await expect(card.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.goto(`/stall/${third.id}`);
  await expect(page.getByRole("button", { name: "Added to Favorites" })).toBeVisible();
  await expect(page.getByText("Best after 8 pm")).toBeVisible();
  await expect(page.getByText("Offline: changes will sync")).toHaveCount(0);
});

test("a trail edited offline is saved when the network is back, leaving what another device changed meanwhile", async ({
  page,
  context,
}) => {
  test.slow();
  const { stalls, trailId, title } = await memberWithSavedStalls(page);
  const editor = `/food-trails/${trailId}/edit`;
  await openControlled(page, "/");
  await expect.poll(() => kept(page, editor), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(editor);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Food Trail" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await page.getByRole("textbox", { name: "Title" }).fill("Chandni Chowk after dark");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Saved on this device. Your changes will be sent when you are back online." }),
  ).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "Offline: changes will sync" });
  await expect(banner).toContainText("1 change waiting");
  // The editor keeps what was typed.
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Chandni Chowk after dark");
  await expectAccessible(page);

  // Meanwhile the same person gives the trail a description from another device.
  const elsewhere = await page.request.put(`/api/trails/${trailId}`, {
    data: {
      title,
      description: "Kulfi at the end",
      stops: stalls.map((stall) => ({ stallId: stall.id, note: null })),
    },
    headers: { Origin: appOrigin() },
  });
  expect(elsewhere.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText("Your offline changes are saved.")).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  const saved = (await (await page.request.get(`/api/trails/${trailId}`)).json()) as {
    title: string;
    description: string;
  };
  expect(saved).toMatchObject({ title: "Chandni Chowk after dark", description: "Kulfi at the end" });
});

test("a new version shows 'A new version is available', and Reload hands the page to it", async ({
  page,
}) => {
  await openControlled(page, "/");
  await expect(page.getByText("A new version is available.")).toHaveCount(0);
  // Another script URL for the same scope is an update, as a new build's sw.js would be.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?version=next", { scope: "/" }));
  const banner = page.getByRole("status").filter({ hasText: "A new version is available." });
  await expect(banner).toBeVisible();
  // The open page keeps its worker until the person chooses.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${appOrigin()}/sw.js`,
  );
  await expectAccessible(page);
  const reloaded = page.waitForEvent("load");
  await banner.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(`${appOrigin()}/sw.js?version=next`);
  await expect(page.getByText("A new version is available.")).toHaveCount(0);
});

// Add a Stall end to end: the confirmed-e-mail guard, a full submission (photo, map search, dragged pin, tags,
// hours, menu) that resets the form and shows up as pending on the profile, errors beside the fields, photo
// refusals and the look-alike warning. Texts come from app/routes/add-stall.tsx, app/lib/schemas/stall-form.ts,
// app/lib/http/image-type.ts and app/components/add-stall/*. Geocoding answers are stubbed per test.
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  prepareContext,
  SEEDED_MODERATOR,
  SEEDED_USER,
  signIn,
  test,
} from "./fixtures";

const PHOTO = new URL("./placeholder-tile.png", import.meta.url).pathname;
const AREA = { display_name: "Koramangala, Bengaluru, Karnataka, India", lat: 12.9352, lon: 77.6245 };
const DROPPED_ADDRESS = "80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka, India";

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

function uniqueName(tag: string) {
  return `E2E ${tag} ${test.info().project.name} ${Date.now().toString(36)}`;
}

async function stubGeocoding(page: Page) {
  await page.route("**/api/geocode/**", (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/api/geocode/reverse")
      return route.fulfill({ json: { display_name: DROPPED_ADDRESS } });
    return route.fulfill({ json: { results: [AREA] } });
  });
}

async function signInToAddStall(page: Page) {
  await signIn(page, SEEDED_USER);
  await page.goto("/add-stall");
  await expect(page.getByRole("heading", { level: 1, name: "Add a Food Stall" })).toBeVisible();
}

/** A fresh browser context (its own cookies, optionally standing somewhere), prepared as the fixture's is. */
async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  position?: { latitude: number; longitude: number },
) {
  const context = await browser.newContext({
    baseURL,
    ...(position ? { geolocation: position, permissions: ["geolocation"] } : {}),
  });
  await prepareContext(context);
  return context;
}

async function approveAsModerator(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await openContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page, SEEDED_MODERATOR);
  await page.goto(`/moderation?q=${encodeURIComponent(name)}`);
  const card = page
    .locator("ol > li > article")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
  await card.getByRole("button", { name: /^Approve / }).click();
  await expect(toasts(page).getByText(`"${name}" is live now.`)).toBeVisible();
  await context.close();
}

async function searchArea(page: Page) {
  await page.getByLabel("Search area").fill("Koramangala");
  await page.getByLabel("Search area").press("Enter");
  await page.getByRole("button", { name: AREA.display_name }).click();
  await expect(page.getByText(`Address: ${AREA.display_name}`)).toBeVisible();
}

test.describe("Add a Stall", () => {
  test("sends visitors to sign in, to come back here afterwards", async ({ page }) => {
    await page.goto("/add-stall");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadd-stall$/);
  });

  test("adds a stall with a photo, a searched area and a dragged pin; once approved, everyone finds it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await stubGeocoding(page);
    await signInToAddStall(page);
    const name = uniqueName("Momos");

    await page.getByLabel("Choose photos").setInputFiles(PHOTO);
    await expect(page.getByRole("img", { name: "Cover photo" })).toBeVisible();
    await expect(page.getByText("1 photo uploaded")).toBeVisible();

    await page.getByLabel("Stall Name or Nickname").fill(name);
    await page.getByLabel("Contact Number").fill("+91 98765 43210");
    await page.getByLabel("Description").fill("Steamed momos with a fiery red chutney, near the bus stop.");
    await page.getByText("Hidden Gem").click();

    await searchArea(page);
    await expect(page.getByLabel("Address")).toHaveValue(AREA.display_name);
    await expect(page.getByText("12.935200, 77.624500")).toBeVisible();

    // Drag the pin a little: its new place is looked up, and the address follows the pin.
    const marker = page.getByRole("button", { name: "Selected location" });
    await marker.scrollIntoViewIfNeeded();
    const box = await marker.boundingBox();
    if (!box) throw new Error("the marker has no box");
    const x = box.x + box.width / 2;
    const y = box.y + box.height - 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y + 20, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText(`Address: ${DROPPED_ADDRESS}`)).toBeVisible();
    await expect(page.getByLabel("Address")).toHaveValue(DROPPED_ADDRESS);
    await expect(page.getByText("12.935200, 77.624500")).toHaveCount(0);

    const tags = page.getByRole("region", { name: "Tags" });
    await tags.getByRole("button", { name: "Spicy", exact: true }).click();
    await tags.getByLabel("Add your own tag").fill("  Rooftop seating ");
    await tags.getByLabel("Add your own tag").press("Enter");
    await expect(tags.getByRole("button", { name: "Remove tag Rooftop seating" })).toBeVisible();
    await tags.getByLabel("Add your own tag").fill("spicy");
    await tags.getByRole("button", { name: "Add", exact: true }).click();
    await expect(tags.getByText("That tag is already selected")).toBeVisible();

    await page.getByLabel("Monday", { exact: true }).selectOption("open");
    await page.getByLabel("Monday opens at").fill("18:00");
    await page.getByLabel("Monday closes at").fill("01:00");
    await expect(page.getByText("closes after midnight", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add menu item" }).click();
    await page.getByLabel("Item 1").fill("Veg momos");
    await page.getByLabel("Price (₹)").fill("60");

    await page.getByRole("button", { name: "Submit Food Stall" }).click();
    await expect(toasts(page).getByText("Stall added successfully!")).toBeVisible();
    await expect(page.getByText(/appears on Nukkad once a moderator approves it/)).toBeVisible();

    // Everything starts over for the next stall.
    await expect(page.getByLabel("Stall Name or Nickname")).toHaveValue("");
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByLabel("Address")).toHaveValue("");
    await expect(page.getByRole("img", { name: "Cover photo" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Spicy", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(page.getByText("No location chosen yet")).toBeVisible();
    await expect(page.getByLabel("Item 1")).toHaveCount(0);

    const stallLink = await page.getByRole("link", { name, exact: true }).getAttribute("href");
    await page.getByRole("link", { name: "profile's Stalls tab" }).click();
    await expect(page).toHaveURL(/\/profile/);
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Waiting for review")).toBeVisible();

    // The submitter can already open the pending stall; its photo is served from R2.
    await page.goto(stallLink ?? "/");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const photo = page.locator('img[src^="/photos/"]').first();
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const stall = (await (
      await page.request.get(`/api/shop/by-unique${stallLink?.replace("/stall", "")}`)
    ).json()) as {
      latitude: number;
      longitude: number;
    };

    // Until a moderator approves it, nobody else finds it; afterwards search and Discover do.
    const visitor = await openContext(browser, baseURL, {
      latitude: stall.latitude,
      longitude: stall.longitude,
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(visitorPage.getByText(`Results for "${name}"`)).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
    await approveAsModerator(browser, baseURL, name);
    await visitorPage.reload();
    await expect(visitorPage.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
    await visitorPage.goto("/discover?view=list");
    await expect(visitorPage.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
    await visitor.close();
  });

  test("names what is missing beside each field and keeps what was typed", async ({ page }) => {
    await signInToAddStall(page);
    await page.getByLabel("Stall Name or Nickname").fill("Only A Name");
    await page.getByLabel("Contact Number").fill("12345");
    await page.getByRole("button", { name: "Submit Food Stall" }).click();
    await expect(page.getByText("Enter an Indian phone number, e.g. +91 98765 43210")).toBeVisible();
    await expect(page.getByText("Description is required")).toBeVisible();
    await expect(page.getByText("Address is required")).toBeVisible();
    await expect(page.getByText("Place the pin on the map where the stall is")).toBeVisible();
    await expect(page.getByLabel("Stall Name or Nickname")).toHaveValue("Only A Name");
    await expect(page.getByLabel("Contact Number")).toHaveAttribute("aria-invalid", "true");

    // A menu row without an item is named too.
    await page.getByRole("button", { name: "Add menu item" }).click();
    await page.getByRole("button", { name: "Submit Food Stall" }).click();
    await expect(page.getByText("Item name is required")).toBeVisible();
    await expectAccessible(page);
  });

  test("asks to confirm a pin left at the contributor's own position", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: AREA.lat, longitude: AREA.lon });
    await stubGeocoding(page);
    await signInToAddStall(page);
    await page.getByRole("button", { name: "Use My Current Location" }).click();
    await expect(page.getByText("Location and address successfully retrieved!")).toBeVisible();
    await page.getByRole("button", { name: "Submit Food Stall" }).click();
    await expect(
      page.getByText("Confirm the stall is where you are standing, or move the pin onto it"),
    ).toBeVisible();
    await page.getByLabel(/The stall is here, where I am standing/).check();
    await expect(
      page.getByText("Confirm the stall is where you are standing, or move the pin onto it"),
    ).toHaveCount(0);
  });

  test("refuses files that are not images, whatever they are called", async ({ page }) => {
    await signInToAddStall(page);
    const input = page.getByLabel("Choose photos");
    await input.setInputFiles({
      name: "menu.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a photo"),
    });
    await expect(
      page.getByRole("alert").filter({ hasText: "Please select a valid image file" }),
    ).toBeVisible();
    // A web page saved as .jpg passes the browser's check but not the server's look at its bytes.
    await input.setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
    await expect(
      page.getByRole("alert").filter({ hasText: "Please select a valid image file" }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: "Cover photo" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("warns about a look-alike stall near the pin", async ({ page }) => {
    await stubGeocoding(page);
    await signInToAddStall(page);
    await searchArea(page);
    const first = uniqueName("Twin Chaat");
    await page.getByLabel("Stall Name or Nickname").fill(first);
    await page.getByLabel("Contact Number").fill("9876543210");
    await page.getByLabel("Description").fill("Chaat.");
    await page.getByRole("button", { name: "Submit Food Stall" }).click();
    await expect(toasts(page).getByText("Stall added successfully!")).toBeVisible();

    await searchArea(page);
    await page.getByLabel("Stall Name or Nickname").fill(`${first} Corner`);
    const warning = page.getByRole("region", { name: "Is it one of these?" });
    const match = warning.getByRole("listitem").filter({ has: page.getByText(first, { exact: true }) });
    await expect(match).toContainText("waiting for review");
  });
});

test("a user who has not confirmed their e-mail is asked to first", async ({ page }) => {
  const account = {
    email: `e2e-unconfirmed-${test.info().project.name}-${Date.now()}@example.com`,
    password: "street-food-2026",
  };
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Uma Unconfirmed");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  // Sign-up signs nobody in (ADR 011): the new account signs in, unconfirmed.
  await expect(page.getByRole("status").filter({ hasText: "Account created!" })).toBeVisible();
  await signIn(page, account);
  await page.goto("/add-stall");
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address first" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Food Stall" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText("Confirmation e-mail sent! Check your inbox.")).toBeVisible();
  await expectAccessible(page);
});

// The stall page's first load: the hero photo first, the forms' code (conform, zod) only once a form is opened,
// the map's (Leaflet) only once the map nears the screen, and the small copy a phone gets of an uploaded photo,
// made in the browser as the photo is chosen.
import type { Page } from "@playwright/test";
import { expect, SEEDED_USER, signIn, test } from "./fixtures";

/** The first stall that Search finds for `q`, opened; and every script the page has asked for. */
async function openStall(page: Page, q = "dosa") {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const found = await page.request.get(`/api/search?q=${q}`);
  const { items } = (await found.json()) as { items: { shop_unique_id: string }[] };
  const id = items[0]?.shop_unique_id;
  expect(id, `a seeded stall for "${q}"`).toBeTruthy();
  await page.goto(`/stall/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return { scripts, errors };
}

const formCode = (scripts: string[]) =>
  scripts.filter((path) => /(claim|report)-form|review-forms/.test(path));

test("the hero is fetched first and a visitor downloads no form code", async ({ page }) => {
  const { scripts, errors } = await openStall(page);
  const hero = page.getByRole("region", { name: "Photos" }).getByRole("img");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("loading", "eager");
  await expect(hero).toHaveAttribute("width", "1280");
  await page.waitForLoadState("networkidle");
  expect(formCode(scripts)).toEqual([]);
  // The Content-Security-Policy blocks nothing the page runs (zod's eval probe among them).
  expect(errors).toEqual([]);
});

test("a signed-in reader's Claim dialog loads its form when opened, and the form works", async ({ page }) => {
  await signIn(page, SEEDED_USER);
  const { scripts } = await openStall(page, "chai");
  await page.waitForLoadState("networkidle");
  // The review form is on screen for a reader who has not reviewed: its code comes, the dialogs' does not.
  expect(formCode(scripts).filter((path) => /(claim|report)-form/.test(path))).toEqual([]);
  await page.getByRole("button", { name: "Claim This Stall" }).click();
  const dialog = page.getByRole("dialog", { name: "Claim This Stall" });
  await expect(dialog.getByLabel("Your Name")).toBeVisible();
  expect(formCode(scripts).some((path) => /claim-form/.test(path))).toBe(true);
  // conform checks it in the browser, as before the split.
  await dialog.getByRole("button", { name: "Submit Claim Request" }).click();
  await expect(dialog.getByLabel("Your Name")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a photo wider than a phone gets a small copy, made in the browser, served beside it", async ({
  page,
}) => {
  await signIn(page, SEEDED_USER);
  await page.goto("/add-stall");
  // A 1600 x 900 photo, drawn here: the fixtures hold nothing that large.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 1600;
    canvas.height = 900;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    const gradient = context.createLinearGradient(0, 0, 1600, 900);
    gradient.addColorStop(0, "#c2410c");
    gradient.addColorStop(1, "#fde68a");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 900);
    return canvas.toDataURL("image/png").split(",")[1] ?? "";
  });
  await page.getByLabel("Choose photos").setInputFiles({
    name: "wide.png",
    mimeType: "image/png",
    buffer: Buffer.from(png, "base64"),
  });
  const cover = page.getByRole("img", { name: "Cover photo" });
  await expect(cover).toBeVisible();
  const url = (await cover.getAttribute("src")) ?? "";
  expect(url).toMatch(/^\/photos\/[A-Za-z0-9]{24}\.png$/);
  const small = await page.request.get(url.replace(/\.png$/, "-640.png"));
  expect(small.status()).toBe(200);
  expect(small.headers()["content-type"]).toMatch(/^image\/(webp|jpeg)$/);
  const original = await page.request.get(url);
  expect((await small.body()).length).toBeLessThan((await original.body()).length);
  const size = await page.evaluate(
    async (path) => {
      const bitmap = await createImageBitmap(await (await fetch(path)).blob());
      return { width: bitmap.width, height: bitmap.height };
    },
    url.replace(/\.png$/, "-640.png"),
  );
  expect(size).toEqual({ width: 640, height: 360 });
});

test("the map's code loads as the map nears the screen, with the stall's marker shown until then", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { scripts } = await openStall(page);
  await page.waitForLoadState("networkidle");
  const location = page.getByRole("region", { name: "Location" });
  // Below the fold on a phone: no Leaflet while the page loads, the marker where the map will draw it.
  expect(scripts.filter((path) => /stall-map/.test(path))).toEqual([]);
  await expect(location.locator("[data-map-preview-marker]")).toHaveCount(1);
  await expect(location.locator(".leaflet-container")).toHaveCount(0);
  // A keyboard user reaching the directions link brings the map on screen, and the map works.
  await location.getByRole("link", { name: /Navigate Here/ }).focus();
  const map = location.locator(".leaflet-container");
  await expect(map).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
  await map.getByRole("button", { name: "Zoom in" }).click();
  // Zoom 16 to 17: the tiles of the next level are asked for.
  await expect(map.locator('img.leaflet-tile[src*="/17/"]').first()).toBeAttached();
});

test("Share copies the stall's own link where there is no share sheet, and says so", async ({ page }) => {
  // No Web Share here; headless Chromium never settles clipboard.writeText, so the clipboard records its text.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    const copied: string[] = [];
    Object.assign(window, { copied });
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
  });
  await openStall(page);
  const stallUrl = new URL(new URL(page.url()).pathname, page.url()).toString();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([stallUrl]);
});

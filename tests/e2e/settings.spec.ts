// Settings (issue 22) end to end, at 390 and 1280 px: every control on /settings does what it says. Theme Light /
// Dark / System (System follows the emulated colour scheme, live and on the first paint), language, units (a
// distance on Discover changes), default city (Discover's first area and the generator's start change), profile
// visibility and mentions kept, Share App (the share sheet, else a copied link and a QR code), Backup Data
// downloads a ZIP, Sign Out, the links reach their pages, and axe finds nothing in light or dark. Texts come from
// app/routes/settings._index.tsx and app/components/settings/*.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, newMember, test } from "./fixtures";

const BANGALORE = "12.9716,77.5946";

interface ListStall {
  name: string;
}

const html = (page: Page) => page.locator("html");
const main = (page: Page) => page.getByRole("main");
const sections = (page: Page) => main(page).getByRole("heading", { level: 2 });
const choice = (page: Page, group: string, option: string) =>
  main(page).getByRole("group", { name: group }).getByRole("button", { name: option, exact: true });

/** Presses an option and waits until it is saved (it shows as pressed at once, before the answer). */
async function choose(page: Page, group: string, option: string) {
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await choice(page, group, option).click();
  await saved;
  await expect(choice(page, group, option)).toHaveAttribute("aria-pressed", "true");
}

async function nearest(request: APIRequestContext, near: string): Promise<ListStall> {
  const response = await request.get(`/api/shop?near=${near}&limit=1`);
  const [first] = ((await response.json()) as { items: ListStall[] }).items;
  expect(first, `a seeded stall near ${near}`).toBeTruthy();
  return first as ListStall;
}

test.describe("a visitor", () => {
  test("sees the sections in the spec's order, and a sign-in prompt for what needs an account", async ({
    page,
  }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(sections(page)).toHaveText(["Account", "Preferences", "Support", "Quick Actions"]);
    await expect(
      page.getByText("Sign in to manage your account, community settings and backups."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Share App" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Backup Data" })).toHaveCount(0);
    await expect(main(page).getByText("v1.0.0")).toBeVisible();
    await main(page).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
  });

  test("chooses Light, Dark or System; System follows the device, live and on the first paint", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/settings");
    await expect(html(page)).not.toHaveClass(/dark/);
    await expectAccessible(page);
    await choose(page, "Dark Mode", "Dark");
    await expect(html(page)).toHaveClass(/dark/);
    await expectAccessible(page);
    await choose(page, "Dark Mode", "Light");
    await expect(html(page)).not.toHaveClass(/dark/);

    await choose(page, "Dark Mode", "System");
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(/dark/);
    // The header's button turns around what is showing, not what was chosen.
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();

    // A new page under a dark device is dark before any of the app's code runs: no flash of light.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/discover", { waitUntil: "domcontentloaded" });
    await expect(html(page)).toHaveClass(/dark/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    await page.unroute(/\/assets\/.*\.js$/);
  });

  test("switches the language and back", async ({ page }) => {
    await page.goto("/settings");
    await main(page).getByRole("button", { name: "हिन्दी" }).click();
    await expect(html(page)).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "सेटिंग्स" })).toBeVisible();
    await main(page).getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("chooses miles, and Discover's distances are in miles", async ({ page }) => {
    await page.goto(`/discover?view=list&near=${BANGALORE}`);
    const firstDistance = page
      .locator("main article")
      .first()
      .getByText(/^\d+\.\d (km|mi)$/);
    await expect(firstDistance).toHaveText(/ km$/);
    await page.goto("/settings");
    await choose(page, "Distance units", "Miles");
    await page.goto(`/discover?view=list&near=${BANGALORE}`);
    await expect(firstDistance).toHaveText(/ mi$/);
    await page.goto("/settings");
    await choose(page, "Distance units", "Kilometres");
    await page.goto(`/discover?view=list&near=${BANGALORE}`);
    await expect(firstDistance).toHaveText(/ km$/);
  });

  test("chooses a default city, and Discover starts there", async ({ page }) => {
    const bangalore = await nearest(page.request, BANGALORE);
    await page.goto("/discover?view=list");
    await expect(page.getByText(/stalls? near New Delhi/)).toBeVisible();
    await page.goto("/settings");
    await choose(page, "Default city", "Bangalore");
    await page.goto("/discover?view=list");
    await expect(page.getByRole("link", { name: bangalore.name }).first()).toBeVisible();
    await expect(page.getByText(/stalls? near New Delhi/)).toHaveCount(0);
    // Home's generator starts there too when the visitor's position is not known.
    await page.goto("/");
    await page.getByRole("button", { name: "Generate Food Trail" }).click();
    await expect(
      page.getByText("Your location is not known, so this trail starts in Bangalore."),
    ).toBeVisible();
    await page.goto("/settings");
    await choose(page, "Default city", "Delhi");
    await page.goto("/discover?view=list");
    await expect(page.getByText(/stalls? near New Delhi/)).toBeVisible();
  });

  test("shares the app by the device's share sheet when there is one", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Share App" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: "Nukkad: hidden street food near you", url: new URL("/", page.url()).toString() }]);
    await expect(page.getByRole("img", { name: "QR code of the Nukkad link" })).toHaveCount(0);
  });

  test("without a share sheet, copies the link and shows a QR code of it", async ({ page }) => {
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
    await page.goto("/settings");
    await page.getByRole("button", { name: "Share App" }).click();
    const appUrl = new URL("/", page.url()).toString();
    await expect(page.getByRole("region", { name: /^Notifications/ }).getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([appUrl]);
    const qr = page.getByRole("img", { name: "QR code of the Nukkad link" });
    await expect(qr).toBeVisible();
    await expect(qr.locator("svg path").first()).toBeAttached();
    await expect(page.getByText(appUrl, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("reaches Help, Contact, Privacy, Terms and Report a problem", async ({ page }) => {
    const links: [string, RegExp, string][] = [
      ["Help Center", /\/help$/, "Help Center"],
      ["Contact Us", /\/contact$/, "Contact Us"],
      ["Privacy Policy", /\/privacy$/, "Privacy Policy"],
      ["Terms of Service", /\/terms$/, "Terms of Service"],
      ["Report a problem", /\/contact\?topic=problem&page=%2Fsettings$/, "Contact Us"],
    ];
    for (const [name, url, heading] of links) {
      await page.goto("/settings");
      await main(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
    }
  });
});

test.describe("signed in", () => {
  test("account, community settings, backup, import, delete and sign out", async ({ page }) => {
    test.setTimeout(120_000);
    const { email } = await newMember(page, { name: "Settings Tester", confirmed: true });
    await page.goto("/settings");
    await expect(sections(page)).toHaveText([
      "Account",
      "Preferences",
      "Community",
      "Support",
      "Quick Actions",
    ]);
    await expect(main(page).getByText("Settings Tester", { exact: true })).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage account" })).toHaveAttribute(
      "href",
      "/settings/account",
    );
    await expect(page.getByRole("link", { name: "Delete account" })).toHaveAttribute(
      "href",
      "/settings/data#delete",
    );
    await expectAccessible(page);

    await choose(page, "Profile visibility", "Followers only");
    await choose(page, "Who can mention me", "Nobody");
    await choose(page, "Distance units", "Miles");
    await page.reload();
    await expect(choice(page, "Profile visibility", "Followers only")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(choice(page, "Who can mention me", "Nobody")).toHaveAttribute("aria-pressed", "true");
    const saved = await (await page.request.get("/api/settings")).json();
    expect(saved).toMatchObject({ units: "mi", profile_visibility: "followers", mention_policy: "nobody" });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Backup Data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);

    await main(page).getByRole("link", { name: "Import", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/data#import$/);
    await page.goto("/settings");
    await main(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.goto("/settings");
    await expect(
      page.getByText("Sign in to manage your account, community settings and backups."),
    ).toBeVisible();
  });
});

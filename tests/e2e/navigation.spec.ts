import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, isMobile, newMember, test } from "./fixtures";

// Every section of the product is reached from Home by clicking (ADR 032): one click in the desktop header, two taps
// on a phone (the header's Menu, then the section). Sections that need an account are walked signed in; a visitor
// who follows one is sent to sign in and back.

/** A section's link name in the bars, and the heading its page opens with. */
const BROWSE: [string, string, RegExp][] = [
  ["Discover", "Discover Nearby", /\/discover$/],
  ["Search", "Search", /\/search$/],
  ["Feed", "Community Feed", /\/feed$/],
  ["Reels", "Reels", /\/reels$/],
  ["Food Trails", "Food Trails", /\/food-trails$/],
  ["Home", "Find the street food locals love", /\/$/],
];

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

/** Where the section links are: the desktop header's nav, or the phone's Menu sheet (opened by this). */
async function sectionLinks(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole("navigation", { name: "Main" });
  await menuButton(page).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu.getByRole("navigation", { name: "All sections" });
}

/** Clicks the section's link, checks its page by heading, and that the bar now marks it as the current page. */
async function visit(page: Page, link: string, heading: string | RegExp, url: RegExp) {
  await (await sectionLinks(page)).getByRole("link", { name: link, exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeAttached();
  const links = await sectionLinks(page);
  await expect(links.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
  if (isMobile(page)) await page.keyboard.press("Escape");
}

/** Every icon the bars show is drawn: theirs point into the document's sprite (ADR 060), kept through navigations. */
async function expectBarIconsDrawn(page: Page) {
  const widths = await page
    .locator("header svg, body > div > nav svg")
    .evaluateAll((icons) =>
      icons.filter((icon) => icon.checkVisibility()).map((icon) => (icon as SVGSVGElement).getBBox().width),
    );
  expect(widths.length).toBeGreaterThanOrEqual(isMobile(page) ? 8 : 4);
  expect(widths.filter((width) => width === 0)).toEqual([]);
}

test("a visitor reaches every section to browse from Home by clicking, the current one marked", async ({
  page,
}) => {
  await page.goto("/");
  await expectBarIconsDrawn(page);
  for (const [link, heading, url] of BROWSE) await visit(page, link, heading, url);
  await expectBarIconsDrawn(page);
  // The section of the tab bar is marked there too.
  if (isMobile(page)) {
    await expect(
      page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Home", exact: true }),
    ).toHaveAttribute("aria-current", "page");
  }
  // An account's section sends a visitor to sign in, and back there after it.
  await (await sectionLinks(page)).getByRole("link", { name: "My Food Trail" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbookmarks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
});

test("a member reaches their own sections from Home by clicking", async ({ page }) => {
  const member = await newMember(page, { name: "Navi Gator", confirmed: false });
  await page.goto("/");
  const own: [string | RegExp, string, RegExp][] = [
    ["My Food Trail", "My Food Trail", /\/bookmarks$/],
    [/^Notifications/, "Notifications", /\/notifications$/],
    [isMobile(page) ? "Profile" : `Profile of ${member.name}`, member.name, /\/profile$/],
    ["Settings", "Settings", /\/settings$/],
  ];
  for (const [link, heading, url] of own) {
    await (await sectionLinks(page)).getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect((await sectionLinks(page)).getByRole("link", { name: link, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    if (isMobile(page)) await page.keyboard.press("Escape");
  }
  const addStall = isMobile(page) ? "Add a Stall" : "Add Stall";
  await (await sectionLinks(page)).getByRole("link", { name: addStall }).click();
  await expect(page).toHaveURL(/\/add-stall$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Food Stall" })).toBeVisible();
});

test("the phone's Menu works by keyboard: it opens on Enter, Escape closes it and focus comes back", async ({
  page,
}) => {
  test.skip(!isMobile(page), "the Menu is the phone's");
  await page.goto("/");
  const button = menuButton(page);
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  // Every section is in it, the tab bar's five included.
  const links = menu.getByRole("navigation", { name: "All sections" }).getByRole("link");
  await expect(links).toHaveText([
    "Home",
    "Discover",
    "Search",
    "Feed",
    "Reels",
    "Food Trails",
    "Profile",
    "Notifications",
    "My Food Trail",
    "Settings",
    "Add a Stall",
  ]);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("the desktop header is in reading order for the keyboard, every section one Tab stop", async ({
  page,
}) => {
  test.skip(isMobile(page), "the desktop header");
  await page.goto("/");
  const names: string[] = [];
  for (let stop = 0; stop < 13; stop++) {
    await page.keyboard.press("Tab");
    names.push(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        return focused.getAttribute("aria-label") ?? (focused.textContent ?? "").trim();
      }),
    );
  }
  expect(names).toEqual([
    "Skip to content",
    "Nukkad home",
    "Home",
    "Discover",
    "Search",
    "Feed",
    "Reels",
    "Food Trails",
    "Add Stall",
    "My Food Trail",
    "Settings",
    "Notifications",
    "Profile",
  ]);
});

test("Home opens the feed and the food trails from its own strips", async ({ page }) => {
  await page.goto("/");
  const community = page.getByRole("region", { name: "From the community" });
  // The seed's newest posts, each opening on the feed.
  const posts = community.getByRole("listitem");
  await expect(posts).toHaveCount(4);
  await expect(posts.first().getByRole("link")).toHaveAttribute("href", /^\/feed\?post=/);
  await community.getByRole("link", { name: "Open the feed" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Community Feed" })).toBeVisible();
  await page.goBack();
  const trails = page.getByRole("region", { name: "Food Trails" });
  await expect(trails.getByRole("listitem").first()).toBeVisible();
  await trails.getByRole("link", { name: "All food trails" }).click();
  await expect(page).toHaveURL(/\/food-trails$/);
  await expect(page.getByRole("heading", { level: 1, name: "Food Trails" })).toBeVisible();
});

// The rough edges a newcomer met (issue 16, item 5): broken stall photos, emoji-only icons, the skip link, the
// home search placeholder at 390 px, lowercase menu words among the tags, and dates in the viewer's locale.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, SEEDED_USER, signIn, test } from "./fixtures";

const FALLBACK = "/stalls/fallback.svg";

/** Every stall photo answers 404: the seed's pictures (/stalls/<kind>.svg) and the photos other tests upload
 * (/photos/<key>), which come first once their stall is the newest; the fallback drawing still loads. */
async function breakStallPhotos(page: Page) {
  await page.route(/\/(?:stalls\/(?!fallback\.svg)[^/]+|photos\/[^/]+)$/, (route) =>
    route.fulfill({ status: 404, contentType: "text/plain", body: "gone" }),
  );
}

/** The images that have settled (loaded or failed; a lazy one off screen has not started): src and drawn width. */
const settled = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((img) => img.complete)
        .map((img) => ({ src: img.getAttribute("src"), width: img.naturalWidth })),
    );

/** The first image is scrolled to, so it loads; every image that settled shows the drawn fallback. */
async function expectFallbackOnly(page: Page, selector: string) {
  const first = page.locator(selector).first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute("src", FALLBACK);
  await expect
    .poll(async () => {
      const images = await settled(page, selector);
      return images.length > 0 && images.every((img) => img.src === FALLBACK && img.width > 0);
    })
    .toBe(true);
}

test.describe("a stall photo that fails to load shows the fallback drawing, never a broken image", () => {
  test("on Home", async ({ page }) => {
    // The control: with the photos there, the cards show them.
    await page.goto("/");
    const first = page.locator("main article img").first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(first).not.toHaveAttribute("src", FALLBACK);

    await breakStallPhotos(page);
    await page.goto("/");
    await expectFallbackOnly(page, "main article img");
  });

  test("on /search", async ({ page }) => {
    await breakStallPhotos(page);
    await page.goto("/search?q=dosa");
    await expect(page.getByRole("heading", { name: 'Results for "dosa"' })).toBeVisible();
    await expectFallbackOnly(page, "main article img");
  });

  test("on a stall page", async ({ page }) => {
    const response = await page.request.get("/api/shop?limit=1");
    const [stall] = ((await response.json()) as { items: { id: string }[] }).items;
    expect(stall).toBeTruthy();
    await breakStallPhotos(page);
    await page.goto(`/stall/${stall?.id}`);
    const hero = page.getByRole("img", { name: /, photo 1 of \d+$/ });
    await expect(hero).toHaveAttribute("src", FALLBACK);
    await expect(hero).not.toHaveAttribute("srcset", /./);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test("Popular Categories draw their icons (no emoji), and a category searches for its name", async ({
  page,
}) => {
  await page.goto("/search");
  const categories = page.getByRole("region", { name: "Popular Categories" });
  const buttons = categories.getByRole("button");
  await expect(buttons).toHaveCount(7);
  for (const button of await buttons.all()) {
    await expect(button.locator("svg")).toHaveCount(1);
    await expect(button.locator("svg")).toHaveAttribute("aria-hidden", "true");
  }
  expect(await page.locator("main").textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  await categories.getByRole("button", { name: /^Hidden Gem/ }).click();
  await expect(page).toHaveURL("/search?q=hidden%20gem");
});

test("Popular Tags are capitalised alike, and a menu word still searches as written", async ({ page }) => {
  await page.goto("/search");
  const tags = page.getByRole("region", { name: "Popular Tags" }).getByRole("link");
  await expect(tags.first()).toBeVisible();
  // The text as drawn, after CSS: the capital letters are a style, the words stay as stored.
  const shown = await tags.evaluateAll((links) =>
    links.map((link) => ({
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with text-transform, is what this test reads.
      text: (link as HTMLElement).innerText,
      href: link.getAttribute("href") ?? "",
    })),
  );
  for (const { text } of shown) expect(text, text).toMatch(/^\p{Lu}/u);
  // The seed's stalls serve menu words such as dosa and tea: shown capitalised, searched as stored.
  const menuWord = shown.find(({ href }) => /\?q=[a-z]+$/.test(href));
  expect(menuWord, "a menu word among the popular tags").toBeTruthy();
  const word = menuWord?.href.split("=")[1] ?? "";
  expect(menuWord?.text.startsWith(word.charAt(0).toUpperCase() + word.slice(1))).toBe(true);
});

test("the Home search placeholder fits its box at this width", async ({ page }) => {
  await page.goto("/");
  for (const box of [page.locator("#home-search")]) {
    const fit = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
  }
  await expect(page.getByRole("button", { name: "Near Me" })).toBeInViewport();
});

test.describe("the skip link", () => {
  for (const path of ["/", "/search", "/discover"]) {
    test(`is the first Tab stop on ${path}, visible and on screen`, async ({ page }) => {
      await page.goto(path);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await expect(skip).toBeInViewport({ ratio: 1 });
      const box = await skip.boundingBox();
      // Not the 1-pixel box that hides it from sight.
      expect(box?.width).toBeGreaterThan(80);
      expect(box?.height).toBeGreaterThan(24);
      // Nothing covers it: the point at its centre is the link itself.
      const onTop = await skip.evaluate((link) => {
        const rect = link.getBoundingClientRect();
        return link.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
      });
      expect(onTop).toBe(true);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
    });
  }

  test("is as visible in the dark theme", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "nukkad-theme", value: "dark", url: baseURL as string }]);
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
  });
});

test.describe("dates and times follow the viewer's language", () => {
  async function reviewedStall(page: Page) {
    const response = await page.request.get("/api/shop?limit=100");
    const { items } = (await response.json()) as { items: { id: string; rating_count: number }[] };
    const stall = items.find((item) => item.rating_count > 0);
    expect(stall, "the seed has a reviewed stall").toBeTruthy();
    return stall?.id ?? "";
  }

  /** Hydration errors and warnings React prints when the browser renders other text than the server did. */
  function watchHydration(page: Page) {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (/hydrat|did not match/i.test(message.text())) problems.push(message.text());
    });
    return problems;
  }

  test.describe("en-US", () => {
    test.use({ locale: "en-US" });
    test("a review's date reads month first, with no hydration mismatch", async ({ page }) => {
      const problems = watchHydration(page);
      await page.goto(`/stall/${await reviewedStall(page)}`);
      const date = page
        .getByRole("region", { name: /Reviews/ })
        .locator("time")
        .first();
      await expect(date).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  });

  test.describe("en-GB", () => {
    test.use({ locale: "en-GB" });
    test("a review's date reads day first", async ({ page }) => {
      const problems = watchHydration(page);
      await page.goto(`/stall/${await reviewedStall(page)}`);
      const date = page
        .getByRole("region", { name: /Reviews/ })
        .locator("time")
        .first();
      await expect(date).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  });

  test.describe("fr-FR", () => {
    test.use({ locale: "fr-FR" });
    // Nukkad has no French: the page is English, so its months are English ones too (en-IN), not a French word in
    // an English sentence (ADR 019).
    test("the profile's Joined month is in the page's language, not the browser's French", async ({
      page,
    }) => {
      const problems = watchHydration(page);
      await signIn(page, SEEDED_USER);
      await page.goto("/profile");
      await expect(page.getByText(/^Joined /)).toHaveText(
        /^Joined (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      );
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  });
});

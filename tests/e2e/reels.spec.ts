// Watching reels (issue 21), at 390 px (mobile project) and 1280 px (desktop project), on the seed's 7 approved reels:
// /reels opens on For You and the first reel plays muted and loops, with 'Swipe up for more reels'; a scroll or
// ArrowDown snaps the next reel into view, which plays while the one before pauses; ArrowUp goes back, Space pauses
// and plays, m turns the sound on and off; a member's like and follow stay after a reload and the stall chip opens the
// stall; the server's HTML starts the first reel with no JavaScript, and hydration takes it over without restarting
// it; under reduced motion or a data saver the reels wait on their posters with a play button (and the server's HTML
// says so once the page has told it, ADR 040); a visitor watches too, and a visitor's like asks them to sign in. Texts come from app/components/reel/*.tsx and
// app/routes/reels._index.tsx. Other tests (the other project, --repeat-each) like the same seeded reels at the same
// time, so counts are asserted to go up, never to an exact figure.
import type { Locator, Page } from "@playwright/test";
import type { ReelPage, ReelView } from "~/lib/schemas/reels";
import { expect, expectAccessible, newMember, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

/** For You as the API lists it for whoever `page` is signed in as: the order the page shows. */
async function forYou(page: Page): Promise<ReelView[]> {
  const response = await page.request.get("/api/reels?tab=for_you");
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as ReelPage;
  expect(data.length, "the seed's approved reels").toBeGreaterThanOrEqual(3);
  return data;
}

const feedOf = (page: Page) => page.getByRole("feed", { name: "For You" });
const reelAt = (page: Page, index: number) => feedOf(page).getByRole("article").nth(index);
const videoIn = (reel: Locator) => reel.locator("video");
const soundIn = (reel: Locator) => reel.getByRole("button", { name: "Sound", exact: true });

async function expectPlaying(reel: Locator) {
  const video = videoIn(reel);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  // Moving on (or round again, as it loops): frames are coming.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).not.toBe(at);
}

async function expectPaused(reel: Locator) {
  await expect.poll(() => videoIn(reel).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
}

/** The reel fills the feed's screen: its top is the scroller's top (snapped), and it lies within the window. */
async function expectSnappedInView(reel: Locator) {
  await expect
    .poll(() =>
      reel.evaluate((element) => {
        const scroller = element.closest("[role='feed']")?.parentElement;
        const box = element.getBoundingClientRect();
        const frame = scroller?.getBoundingClientRect();
        return {
          snapped: frame !== undefined && Math.abs(box.top - frame.top) < 2,
          inWindow: box.top >= 0 && box.bottom <= window.innerHeight + 1,
          at: `reel ${box.top}-${box.bottom}, scroller ${frame?.top}-${frame?.bottom} scrolled ${scroller?.scrollTop}, window ${window.innerHeight} scrolled ${window.scrollY}`,
        };
      }),
    )
    .toMatchObject({ snapped: true, inWindow: true });
}

/** The like count the button's name gives ('Like, 5 likes'). */
const likesOf = async (button: Locator) =>
  Number((await button.getAttribute("aria-label"))?.match(/(\d+) likes?$/)?.[1]);

test("a member watches For You: muted autoplay that loops, scroll and keys between reels, like and follow kept", async ({
  page,
}) => {
  // A long journey; on a loaded two-core machine it has taken 47 s.
  test.setTimeout(180_000);
  await newMember(page, { name: "Reel Watcher", confirmed: false });
  const reels = await forYou(page);
  await page.goto("/reels");
  await expect(page.getByRole("tab", { name: "For You" })).toHaveAttribute("aria-selected", "true");
  await expect(feedOf(page).getByRole("article")).toHaveCount(reels.length);
  // Reels far ahead are frames named by their author, drawn as the viewer comes near (the seed has seven).
  expect(reels.length).toBeGreaterThan(4);
  await expect(reelAt(page, 3)).toHaveAccessibleName(reels[3]?.author.name ?? "");
  await expect(videoIn(reelAt(page, 3))).toHaveCount(0);
  await expect(videoIn(reelAt(page, 2))).toHaveCount(1);

  // The first reel plays by itself, muted, with the hint to swipe.
  const first = reelAt(page, 0);
  await expect(first).toHaveAccessibleName(reels[0]?.author.name ?? "");
  await expectPlaying(first);
  expect(await videoIn(first).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expect(soundIn(first)).toHaveAttribute("aria-pressed", "false");
  await expect(first.getByText("Swipe up for more reels")).toBeVisible();
  await expect(first.getByRole("button", { name: "Pause", exact: true })).toBeAttached();
  await expectAccessible(page);
  // It loops: from its last quarter second it comes round to the start and keeps playing.
  await videoIn(first).evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 0.25);
  });
  await expect
    .poll(() => videoIn(first).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime < 1))
    .toBe(true);

  // A scroll down over the feed, a little past half a reel, snaps the next reel into place: it plays, the first
  // pauses, the hint goes. (A wheel: this headless Chromium does not scroll for synthetic touch gestures.)
  const second = reelAt(page, 1);
  const box = await first.boundingBox();
  if (!box) throw new Error("the first reel has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, Math.round(box.height * 0.6));
  await expectSnappedInView(second);
  await expectPlaying(second);
  await expectPaused(first);
  await expect(page.getByText("Swipe up for more reels")).toBeHidden();

  // ArrowUp and ArrowDown move a reel at a time, each snapped into view and playing alone.
  const third = reelAt(page, 2);
  await page.keyboard.press("ArrowDown");
  await expectSnappedInView(third);
  await expectPlaying(third);
  await expectPaused(second);
  await expect(videoIn(reelAt(page, 4))).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expectSnappedInView(second);
  await expectPlaying(second);
  await expectPaused(third);

  // Space pauses and plays the reel in view; the tap surface says what a tap would do.
  await page.keyboard.press(" ");
  await expectPaused(second);
  await expect(second.getByRole("button", { name: "Play", exact: true })).toBeAttached();
  await page.keyboard.press(" ");
  await expectPlaying(second);
  await expect(second.getByRole("button", { name: "Pause", exact: true })).toBeAttached();

  // m turns the sound on and off again, and the Sound toggle says so.
  await page.keyboard.press("m");
  await expect(soundIn(second)).toHaveAttribute("aria-pressed", "true");
  expect(await videoIn(second).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expectPlaying(second);
  await page.keyboard.press("m");
  await expect(soundIn(second)).toHaveAttribute("aria-pressed", "false");
  expect(await videoIn(second).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  // Like: pressed at once with one more like, and still liked after a reload.
  const reel = reels[1] as ReelView;
  const like = second.getByRole("button", { name: /^Like, \d+ likes?$/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  const before = await likesOf(like);
  const liked = page.waitForResponse(
    (response) => response.url().includes("/reels/actions") && response.request().method() === "POST",
  );
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  expect(await likesOf(like)).toBeGreaterThanOrEqual(before + 1);
  expect((await liked).ok()).toBe(true);

  // Follow the author from the overlay: the button turns into Following.
  const follow = second.getByRole("button", { name: `Follow ${reel.author.name}` });
  await expect(follow).toHaveText("Follow");
  const followed = page.waitForResponse(
    (response) => response.url().includes("/feed/actions") && response.request().method() === "POST",
  );
  await follow.click();
  await expect(follow).toHaveText("Following");
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  expect((await followed).ok()).toBe(true);

  await page.reload();
  await expect(second).toHaveAccessibleName(reel.author.name);
  await expect(like).toHaveAttribute("aria-pressed", "true");
  expect(await likesOf(like)).toBeGreaterThanOrEqual(before + 1);
  await expect(follow).toHaveText("Following");

  // The stall chip opens the stall's page.
  const chip = second.getByRole("link", {
    name: new RegExp(reel.stall.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  });
  await expect(chip).toHaveAttribute("href", `/stall/${encodeURIComponent(reel.stall.id)}`);
  await chip.click();
  await expect(page).toHaveURL(`/stall/${encodeURIComponent(reel.stall.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: reel.stall.name })).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser starts the first reel from the server's HTML: muted, inline, autoplaying, looping", async ({
    page,
  }) => {
    const html = await (await page.request.get("/reels")).text();
    const tag = firstVideoTag(html);
    for (const attribute of ["autoplay", "muted", "playsinline", "loop", "poster"])
      expect(tag.toLowerCase()).toContain(` ${attribute}=`);
    expect(tag).toContain('preload="auto"');

    await page.goto("/reels");
    const video = page.locator("article video").first();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  });
});

test("hydration takes the playing first reel over without restarting or reloading it", async ({ page }) => {
  test.setTimeout(120_000);
  // The page's entry script is held until the reel has played a while, so React surely hydrates a playing reel.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen: { hydrated: boolean; time: number }[] = [];
    const events: string[] = [];
    Object.assign(window, { __seen: seen, __events: events });
    const first = (event: Event) =>
      event.target instanceof HTMLVideoElement &&
      event.target.closest("article")?.getAttribute("data-index") === "0"
        ? event.target
        : null;
    for (const name of ["loadstart", "emptied", "play", "pause"])
      document.addEventListener(name, (event) => (first(event) ? events.push(name) : 0), true);
    document.addEventListener(
      "timeupdate",
      (event) => {
        const video = first(event);
        if (video)
          seen.push({
            hydrated: Object.keys(video).some((key) => key.startsWith("__reactFiber")),
            time: video.currentTime,
          });
      },
      true,
    );
  });
  await page.goto("/reels", { waitUntil: "commit" });
  const first = reelAt(page, 0);
  // Released once a time update past 0.3 s was heard, not once the clock passed it: updates come about every
  // 250 ms, and hydration may follow the release before the next one.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const w = window as Window & { __seen?: { hydrated: boolean; time: number }[] };
          return (w.__seen ?? []).filter((sample) => !sample.hydrated).at(-1)?.time ?? 0;
        }),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0.3);
  // The next reel's poster and first bytes wait for hydration (ADR 058): the first reel's poster has the link.
  const next = videoIn(reelAt(page, 1));
  await expect(next).not.toHaveAttribute("poster", /./);
  await expect(next).toHaveAttribute("preload", "none");
  release();
  // Hydrated: React is attached to the element...
  await expect
    .poll(() => videoIn(first).evaluate((v) => Object.keys(v).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
  await expect(next).toHaveAttribute("poster", /^\/media\/.+\.jpg$/);
  await expect(next).toHaveAttribute("preload", "metadata");
  // ...and the reel kept playing through it, heard in a time update of the hydrated element (one comes about every
  // 250 ms: the checks above can be quicker than that).
  await expectPlaying(first);
  await expect
    .poll(() =>
      page.evaluate(() =>
        ((window as Window & { __seen?: { hydrated: boolean }[] }).__seen ?? []).some(
          (sample) => sample.hydrated,
        ),
      ),
    )
    .toBe(true);
  const { seen, events } = await page.evaluate(() => {
    const w = window as Window & { __seen?: { hydrated: boolean; time: number }[]; __events?: string[] };
    return { seen: w.__seen ?? [], events: w.__events ?? [] };
  });
  const before = seen.filter((sample) => !sample.hydrated);
  const after = seen.filter((sample) => sample.hydrated);
  expect(before.length, "it played before hydration").toBeGreaterThan(0);
  expect(after.length).toBeGreaterThan(0);
  const lastBefore = before.at(-1)?.time ?? 0;
  expect(lastBefore).toBeGreaterThan(0.2);
  // Time went on from where it was (or round the 6 s loop), never back to the start by a reload.
  const firstAfter = after[0]?.time ?? 0;
  expect(firstAfter >= lastBefore || lastBefore > 5).toBe(true);
  // One load, one start: no second loadstart or emptied (a new src or element), no pause on the way.
  expect(events).toEqual(["loadstart", "play"]);
});

test("Space pressed the moment the first reel hydrates pauses it", async ({ page }) => {
  // The moment between the page's first listening for keys and its reading of the browser's motion and data settings:
  // a press then went to "play" a reel that was already playing. A press sent from outside the page cannot be timed
  // into it (in CI one landed before the page listened at all), so the page presses Space itself, right after the
  // feed starts listening and before React renders again.
  await page.addInitScript(() => {
    const listen = window.addEventListener.bind(window);
    window.addEventListener = (...args: Parameters<Window["addEventListener"]>) => {
      listen(...args);
      const w = window as Window & { __pressed?: boolean };
      if (args[0] !== "keydown" || w.__pressed) return;
      w.__pressed = true;
      queueMicrotask(() =>
        window.dispatchEvent(new KeyboardEvent("keydown", { key: " ", code: "Space", cancelable: true })),
      );
    };
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/reels", { waitUntil: "commit" });
  const first = reelAt(page, 0);
  await page.waitForFunction(() => (window as Window & { __pressed?: boolean }).__pressed === true);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expectPaused(first);
  await expect(first.getByRole("button", { name: "Play", exact: true })).toBeAttached();
});

/** Every video element that starts playing, from the page's first script on. */
async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { __plays?: number };
    w.__plays = 0;
    document.addEventListener("play", () => (w.__plays = (w.__plays ?? 0) + 1), true);
  });
}
const playsSoFar = (page: Page) =>
  page.evaluate(() => (window as Window & { __plays?: number }).__plays ?? 0);

/** The first reel waits on its poster with a Play button, then plays when it is pressed. */
async function expectPosterThenPlay(page: Page, { noVideoBytes }: { noVideoBytes: boolean }) {
  const media: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "media") media.push(request.url());
  });
  await recordPlays(page);
  const reels = await forYou(page);
  await page.goto("/reels");
  const first = reelAt(page, 0);
  const play = first.getByRole("button", { name: "Play", exact: true });
  await expect(play).toBeVisible();
  // The play button is drawn once the page knows it must not autoplay (after hydration for reduced motion).
  await expect(videoIn(first)).toHaveAttribute("poster", reels[0]?.poster_url ?? "");
  const poster = await page.request.get(reels[0]?.poster_url ?? "");
  expect(poster.ok()).toBe(true);
  expect(poster.headers()["content-type"]).toMatch(/^image\//);
  // Give autoplay every chance it would take: the page has hydrated and the browser has had the video's metadata.
  await page.waitForLoadState("networkidle");
  // With a data saver the button is in the server's HTML: a press before hydration would reach nothing.
  await expect
    .poll(() =>
      play.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))),
    )
    .toBe(true);
  expect(await playsSoFar(page)).toBe(0);
  await expectPaused(first);
  if (noVideoBytes) expect(media).toEqual([]);
  await expectAccessible(page);

  await play.click();
  await expectPlaying(first);
  await expect(first.getByRole("button", { name: "Pause", exact: true })).toBeAttached();
  expect(await playsSoFar(page)).toBe(1);

  // The page told the server (its cookie; Chromium's hint besides): the next page's HTML starts nothing itself.
  const again = await page.request.get("/reels");
  expect(firstVideoTag(await again.text())).not.toMatch(/ autoplay=/i);
}

/** The first <video> tag of a page's HTML as the server wrote it. */
const firstVideoTag = (html: string) => html.match(/<video[^>]*>/)?.[0] ?? "";

test("with reduced motion the reels wait on their posters, and Play plays", async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expectPosterThenPlay(page, { noVideoBytes: false });
});

test.describe("with a data saver on", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("the reels wait on their posters with no video downloaded, and Play plays", async ({ page }) => {
    test.setTimeout(120_000);
    await expectPosterThenPlay(page, { noVideoBytes: true });
  });
});

test("a visitor watches For You, and a like asks them to sign in first", async ({ page }) => {
  await page.goto("/reels");
  const first = reelAt(page, 0);
  await expectPlaying(first);
  await expect(page.getByRole("link", { name: "Add a reel" })).toHaveCount(0);
  await expectAccessible(page);

  const like = first.getByRole("button", { name: /^Like, \d+ likes?$/ });
  const before = await likesOf(like);
  await like.click();
  await expect(toasts(page).getByText("Please log in first!")).toBeVisible();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  expect(await likesOf(like)).toBe(before);
  await toasts(page).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Freels$/);
});

// WCAG 2.5.8: a long caption's Show more is a target of at least 24 by 24 px, as Lighthouse's audit checks.
test("a long caption's Show more is large enough to tap", async ({ page }) => {
  await page.goto("/reels");
  const showMore = page.getByRole("button", { name: "Show more" }).first();
  await expect(showMore).toBeVisible();
  const box = await showMore.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  expect(box?.width).toBeGreaterThanOrEqual(24);
});

// WCAG 1.4.3 over any frame: the white count must carry its own backing, since a clip may be white where it stands.
test("the like count is readable even over a white frame", async ({ page }) => {
  await page.goto("/reels");
  const count = reelAt(page, 0).getByTestId("reel-like-count");
  await expect(count).toBeVisible();
  const ratio = await count.evaluate((element) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    // Every backing between the text and the video, laid over the worst frame for white text: pure white.
    let backdrop = [255, 255, 255];
    const layers: Element[] = [];
    for (let node: Element | null = element; node && node.tagName !== "ARTICLE"; node = node.parentElement)
      layers.unshift(node);
    for (const layer of layers) {
      const [r = 0, g = 0, b = 0, a = 1] = channels(getComputedStyle(layer).backgroundColor);
      backdrop = [r, g, b].map((value, i) => value * a + (backdrop[i] ?? 0) * (1 - a));
    }
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const text = luminance(channels(getComputedStyle(element).color).slice(0, 3));
    const back = luminance(backdrop);
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test("each empty tab says why it is empty and what fills it", async ({ page }) => {
  await page.goto("/reels?tab=saved");
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "Sign in to see your saved reels" })).toBeVisible();
  await expect(panel.getByText("Saved keeps the reels you bookmark.")).toBeVisible();

  await newMember(page, { confirmed: false });
  // Nowhere near a stall: London.
  await page.goto("/reels?tab=nearby&near=51.5074,-0.1278");
  await expect(panel.getByRole("heading", { name: "No nearby reels" })).toBeVisible();
  await expect(panel.getByText("Nobody has shared a reel of a stall within 5 km of you yet.")).toBeVisible();
  await page.goto("/reels?tab=saved");
  await expect(panel.getByRole("heading", { name: "No saved reels yet" })).toBeVisible();
  await expect(panel.getByText("Tap the bookmark on a reel to keep it here.")).toBeVisible();
  await page.goto("/reels?tab=following");
  await expect(panel.getByRole("heading", { name: "No reels from people you follow" })).toBeVisible();
  await expect(panel.getByText("Follow people to see their reels here.")).toBeVisible();
});

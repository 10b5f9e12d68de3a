// The community end to end (issue 19), at 390 px (mobile project) and 1280 px (desktop project): a post with a photo
// pinned to a stall, liked, commented on and its writer followed from the card by someone else, who then finds it in
// Following; Nearby refused and then allowed; a public profile's figures, follow and tabs; 'Still here?' and a
// review's like on a stall's page. Reporting a post and hiding it as a moderator is moderation.spec.ts's. Each test
// makes its own people, so the two projects run side by side. Texts come from app/routes/feed.tsx,
// app/routes/u.$username.tsx, app/components/community/*, app/components/profile/*, app/components/reviews/* and
// app/components/stall/still-here.tsx.
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { appOrigin, expect, expectAccessible, isMobile, newMember, otherPage, test } from "./fixtures";

const PHOTO = fileURLToPath(new URL("./placeholder-tile.png", import.meta.url));
/** Chickpet, Bangalore: seeded posts are pinned to stalls around it. */
const CHICKPET = { latitude: 12.9698, longitude: 77.5779 };
/** Chandni Chowk, Delhi: far from Chickpet, so the post written here never shows in the Nearby test. */
const CHANDNI_CHOWK = "28.6562,77.2301";
const KORAMANGALA = "12.9352,77.6245";
const NEARBY_KM = 5;

const project = () => test.info().project.name;
/** A mark no other test or project writes: it finds this test's own post among everyone's. */
const uniqueMark = () => `${project()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const feedPanel = (page: Page) => page.getByRole("tabpanel");
const postCard = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

async function stallsNear(page: Page, near: string, limit: number) {
  const response = await page.request.get(`/api/shop?near=${near}&limit=${limit}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { id: string; name: string }[] }).items;
}

test("a post with a photo pinned to a stall is liked, commented on, and its writer followed into Following", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const mark = uniqueMark();
  const text = `Crisp aloo tikki straight off the tawa, ${mark}`;
  const [stall] = await stallsNear(page, CHANDNI_CHOWK, 1);
  if (!stall) throw new Error("a seeded stall near Chandni Chowk");
  const writer = await newMember(page, { name: "Tikki Writer", confirmed: true, username: true });

  // The writer shares a discovery with a photo, pinned to the stall found in the composer.
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Community Feed" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "For You" })).toHaveAttribute("aria-selected", "true");
  // Headings descend a level at a time: the list's own (for screen readers) sits between the page's and the posts'.
  await expect(page.getByRole("heading", { level: 2, name: "For You" })).toBeAttached();
  const composer = page.getByRole("region", { name: "Share your food discovery..." });
  await composer.getByRole("button", { name: "Share your food discovery..." }).click();
  await expect(composer.getByRole("radio", { name: "Discovery" })).toBeChecked();
  await composer.getByRole("textbox", { name: "Share your food discovery..." }).fill(text);
  await composer.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(composer.getByRole("list", { name: "Photos of this post" }).getByRole("img")).toHaveCount(1);
  await composer.getByLabel("Pin to a stall (optional)").fill(stall.name);
  await composer.getByRole("button", { name: "Search", exact: true }).click();
  await composer
    .getByRole("list", { name: "Search results" })
    .getByRole("button")
    .filter({ has: page.getByText(stall.name, { exact: true }) })
    .first()
    .click();
  await expect(composer.getByText(`Pinned to ${stall.name}`)).toBeVisible();
  await expectAccessible(page);
  await composer.getByRole("button", { name: "Post", exact: true }).click();

  // It leads the feed at once, with its photo and the stall's card.
  const mine = feedPanel(page).getByRole("article").first();
  await expect(mine).toContainText(text);
  await expect(mine.getByText("Discovery", { exact: true })).toBeVisible();
  // The photo inside the button is decorative (alt=""): the button names it.
  await expect(mine.getByRole("button", { name: "Enlarge photo 1" }).locator("img")).toHaveAttribute(
    "src",
    /^\/photos\/[A-Za-z0-9]+\.png$/,
  );
  await expect(mine.getByRole("link", { name: new RegExp(stall.name) })).toHaveAttribute(
    "href",
    `/stall/${stall.id}`,
  );
  await expect(mine.getByRole("textbox")).toHaveCount(0);
  const feed = (await (await page.request.get("/api/feed?tab=for_you")).json()) as {
    data: { id: string; text: string; images: string[]; stall: { id: string } | null }[];
  };
  const stored = feed.data.find((post) => post.text === text);
  expect(stored, "the new post on For You's first page").toBeTruthy();
  expect(stored?.stall?.id).toBe(stall.id);
  expect(stored?.images).toHaveLength(1);
  const postId = stored?.id as string;

  // Someone else finds it on For You.
  const reader = await otherPage(browser);
  await newMember(reader, { name: "Chaat Reader", confirmed: true, username: true });
  await reader.goto("/feed");
  const card = postCard(reader, text);
  await expect(card.getByRole("heading", { name: `${writer.name} @${writer.username}` })).toBeVisible();
  await expect(card.getByRole("link", { name: writer.name })).toHaveAttribute(
    "href",
    `/u/${writer.username}`,
  );
  await expect(card.getByRole("button", { name: "Enlarge photo 1" })).toBeVisible();
  await expect(card.getByRole("link", { name: new RegExp(stall.name) })).toBeVisible();

  // A like counts one, and is still there after a reload.
  const unliked = card.getByRole("button", { name: "Like, 0 likes" });
  await expect(unliked).toHaveAttribute("aria-pressed", "false");
  await unliked.click();
  const liked = card.getByRole("button", { name: "Like, 1 like" });
  await expect(liked).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(
      async () =>
        ((await (await reader.request.get(`/api/posts/${postId}`)).json()) as { like_count: number })
          .like_count,
    )
    .toBe(1);
  await reader.reload();
  await expect(liked).toHaveAttribute("aria-pressed", "true");

  // A comment shows under the post and counts one.
  await card.getByRole("button", { name: "0 comments" }).click();
  const comment = `Going there on Sunday (${mark})`;
  await card.getByRole("textbox", { name: "Write a comment" }).fill(comment);
  await card.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(card.getByRole("region", { name: "Comments" }).getByText(comment)).toBeVisible();
  await expect(card.getByRole("button", { name: "1 comment", exact: true })).toBeVisible();
  await expect(card.getByRole("textbox", { name: "Write a comment" })).toHaveValue("");

  // Follow from the card.
  const follow = card.getByRole("button", { name: `Follow ${writer.name}` });
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveText("Following");
  await expect
    .poll(async () => {
      const profile = (await (await reader.request.get(`/api/users/${writer.username}`)).json()) as {
        following: boolean;
        stats: { followers: number };
      };
      return [profile.following, profile.stats.followers];
    })
    .toEqual([true, 1]);
  await expectAccessible(reader);

  // Following now has the writer's post.
  await reader.getByRole("tab", { name: "Following" }).click();
  await expect(reader).toHaveURL(/\/feed\?tab=following$/);
  await expect(reader.getByRole("tab", { name: "Following" })).toHaveAttribute("aria-selected", "true");
  const followed = postCard(reader, text);
  await expect(followed.getByRole("button", { name: "Like, 1 like" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(followed.getByRole("button", { name: "1 comment", exact: true })).toBeVisible();
  await expectAccessible(reader);
  await reader.context().close();
});

test("a 'Load more' with no network says so, keeps the feed, and loads the next posts once the network is back", async ({
  page,
}) => {
  test.skip(isMobile(page), "the network, not the width: one run at 1280 px");
  await page.goto("/feed");
  // The posts themselves, not the lists inside them (tags, comments).
  const posts = page.getByRole("list", { name: "For You" }).locator(":scope > li");
  // One page of the feed (FEED_PAGE_SIZE).
  await expect(posts).toHaveCount(10);
  await page.route(/\/feed\/page(\.data)?\?/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByRole("alert")).toHaveText("Could not load more posts. Please try again.");
  await expect(page.getByRole("heading", { level: 1, name: "Community Feed" })).toBeVisible();
  await expect(posts).toHaveCount(10);

  await page.unroute(/\/feed\/page(\.data)?\?/);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => posts.count()).toBeGreaterThan(10);
  await expect(page.getByRole("alert")).toHaveCount(0);
  // Each post says when, in words and with its full date on hover: those the server drew (kept as they are while the
  // page hydrates) and those the browser drew.
  const times = await posts
    .locator("time")
    .evaluateAll((all) => all.map((time) => `${time.textContent} | ${time.getAttribute("title")}`));
  expect(times.length).toBeGreaterThan(10);
  for (const time of times) expect(time).toMatch(/^\S.* \| .*\b20\d\d\b/);
});

test.describe("Nearby", () => {
  test.use({ geolocation: CHICKPET, permissions: [] });

  test("asks for the location, says when it is refused, and lists posts within 5 km once allowed", async ({
    page,
    context,
  }) => {
    // It signs a member up and posts too.
    test.setTimeout(120_000);
    await page.goto("/feed?tab=nearby");
    await expect(page.getByRole("tab", { name: "Nearby" })).toHaveAttribute("aria-selected", "true");
    const panel = feedPanel(page);
    await expect(panel.getByRole("heading", { name: "No nearby posts" })).toBeVisible();
    await expect(panel.getByText("Enable location to see posts from your area")).toBeVisible();
    await expect(panel.getByRole("article")).toHaveCount(0);
    await expectAccessible(page);

    const enable = panel.getByRole("button", { name: "Enable location" });
    await enable.click();
    await expect(panel.getByRole("alert")).toHaveText(
      "Location access is blocked for Nukkad. Allow it in your browser's settings to see posts nearby.",
    );
    await expect(page).toHaveURL(/\/feed\?tab=nearby$/);

    // Allowed: the position goes into the address, and the posts listed are the API's, each pinned within 5 km.
    await context.grantPermissions(["geolocation"]);
    await enable.click();
    const near = `${CHICKPET.latitude.toFixed(4)},${CHICKPET.longitude.toFixed(4)}`;
    await expect(page).toHaveURL(`/feed?tab=nearby&near=${encodeURIComponent(near)}`);
    const cards = panel.getByRole("article");
    await expect(cards.first()).toBeVisible();
    // Every page the API has, in order: the list, paged the same way, ends with exactly these.
    const api = { data: [] as { text: string; stall: { distance_km: number | null } | null }[] };
    let cursor: string | null = null;
    let firstPage = 0;
    do {
      const query: string = `tab=nearby&near=${near}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const answer = (await (await page.request.get(`/api/feed?${query}`)).json()) as {
        data: typeof api.data;
        next_cursor: string | null;
      };
      firstPage ||= answer.data.length;
      api.data.push(...answer.data);
      cursor = answer.next_cursor;
    } while (cursor);
    expect(api.data.length).toBeGreaterThan(0);
    const more = panel.getByRole("button", { name: "Load more" });
    await expect(async () => {
      if (await more.isVisible()) await more.click();
      expect(await cards.count()).toBe(api.data.length);
    }).toPass();
    for (const post of api.data) expect(post.stall?.distance_km ?? Infinity).toBeLessThanOrEqual(NEARBY_KM);
    const distances = await cards.getByText(/ away$/).allTextContents();
    expect(distances).toHaveLength(api.data.length);
    for (const distance of distances) expect(kilometres(distance)).toBeLessThanOrEqual(NEARBY_KM);
    await expect(panel.getByRole("heading", { name: "No nearby posts" })).toHaveCount(0);
    await expectAccessible(page);

    // A member's own post pinned to no stall is not nearby: it stays out of the tab (it showed until a reload), and
    // leads For You.
    const text = `A tip with no stall, ${uniqueMark()}`;
    await newMember(page, { name: "Nearby Writer", confirmed: true });
    await page.goto(`/feed?tab=nearby&near=${encodeURIComponent(near)}`);
    const composer = page.getByRole("region", { name: "Share your food discovery..." });
    await composer.getByRole("button", { name: "Share your food discovery..." }).click();
    await composer.getByRole("textbox", { name: "Share your food discovery..." }).fill(text);
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer.getByRole("button", { name: "Share your food discovery..." })).toBeVisible();
    await expect(cards).toHaveCount(firstPage);
    await expect(postCard(page, text)).toHaveCount(0);
    await page.getByRole("tab", { name: "For You" }).click();
    await expect(feedPanel(page).getByRole("article").first()).toContainText(text);
  });
});

/** "1.2 km away" or "850 m away" in kilometres. */
function kilometres(distance: string): number {
  const match = /^([\d.,]+)\s*(km|m) away$/.exec(distance.trim());
  if (!match) throw new Error(`not a distance: "${distance}"`);
  const value = Number((match[1] as string).replace(/,/g, ""));
  return match[2] === "km" ? value : value / 1000;
}

test("a public profile: its figures are the API's, Follow moves the followers figure, tabs, and an unknown name", async ({
  page,
}) => {
  // Each project follows its own seeded reviewer, so neither moves the other's figure.
  const username = project() === "mobile" ? "priya_eats" : "rohan_d";
  await newMember(page, { name: "Profile Visitor", confirmed: false, username: true });
  const api = async () =>
    (await (await page.request.get(`/api/users/${username}`)).json()) as {
      name: string;
      following: boolean;
      stats: { posts: number; followers: number; following: number; stalls_added: number; reviews: number };
    };
  const before = await api();
  expect(before.following).toBe(false);

  await page.goto(`/u/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: before.name })).toBeVisible();
  await expect(page.getByRole("paragraph").filter({ hasText: new RegExp(`^@${username}$`) })).toBeVisible();
  await expect(page.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Posts")).toHaveText(String(before.stats.posts));
  await expect(figure("Followers")).toHaveText(String(before.stats.followers));
  await expect(figure("Following")).toHaveText(String(before.stats.following));
  await expect(figure("Stalls added")).toHaveText(String(before.stats.stalls_added));
  await expect(figure("Reviews")).toHaveText(String(before.stats.reviews));
  expect(before.stats.posts).toBeGreaterThan(0);
  await expectAccessible(page);

  // Follow adds one to the followers figure, Unfollow takes it back; the API agrees each time.
  // The header's button: each of their posts below has one too.
  const header = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
  const follow = header.getByRole("button", { name: `Follow ${before.name}` });
  await follow.click();
  await expect(follow).toHaveText("Following");
  await expect(figure("Followers")).toHaveText(String(before.stats.followers + 1));
  const posts = page.getByRole("list", { name: `Posts by ${before.name}` });
  await expect(posts.getByRole("button", { name: `Follow ${before.name}` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(async () => (await api()).stats.followers).toBe(before.stats.followers + 1);
  await follow.click();
  await expect(follow).toHaveText("Follow");
  await expect(figure("Followers")).toHaveText(String(before.stats.followers));
  await expect.poll(async () => (await api()).following).toBe(false);

  // The tabs: Posts first (its cards are the posts figure, one page of them), Stalls (live ones), public Trails.
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Posts", "Stalls", "Trails"]);
  await expect(tabs.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await expect(posts.getByRole("article")).toHaveCount(Math.min(before.stats.posts, 20));
  await tabs.getByRole("link", { name: "Stalls" }).click();
  await expect(page).toHaveURL(`/u/${username}?tab=stalls`);
  await expect(tabs.getByRole("link", { name: "Stalls" })).toHaveAttribute("aria-current", "page");
  await expect(stallsTab(page, before.name, before.stats.stalls_added)).toBeVisible();
  await expectAccessible(page);
  await tabs.getByRole("link", { name: "Trails" }).click();
  await expect(page).toHaveURL(`/u/${username}?tab=trails`);
  await expect(tabs.getByRole("link", { name: "Trails" })).toHaveAttribute("aria-current", "page");
  await expect(
    page
      .getByRole("list", { name: `Trails by ${before.name}` })
      .or(page.getByText(`${before.name} has not shared a trail yet.`)),
  ).toBeVisible();

  const unknown = await page.goto("/u/nobody_by_this_name");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

/** The Stalls tab: a list of the live stalls, or the empty message when there are none. */
function stallsTab(page: Page, name: string, count: number): Locator {
  return count === 0
    ? page.getByText(`${name} has not added a stall yet.`)
    : page
        .getByRole("list", { name: "Stalls" })
        .getByRole("listitem")
        .nth(count - 1);
}

test("a stall's page: 'Still here?' Yes shows today's confirmation and waits before another answer; a review's like counts", async ({
  page,
}) => {
  // Each project answers for, and likes a review of, its own reviewed stall.
  const reviewed: { id: string; review: { name: string; likes: number } }[] = [];
  for (const { id } of await stallsNear(page, KORAMANGALA, 10)) {
    const { items } = (await (await page.request.get(`/api/reviews/${id}`)).json()) as {
      items: { author: { name: string }; like_count: number }[];
    };
    const [first] = items;
    if (first) reviewed.push({ id, review: { name: first.author.name, likes: first.like_count } });
  }
  const stall = reviewed[project() === "mobile" ? 0 : 1];
  if (!stall) throw new Error("two reviewed seeded stalls near Koramangala");
  const section = page.getByRole("region", { name: "Still here?" });

  await page.goto(`/stall/${stall.id}`);
  await expect(section.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/auth?redirectTo=${encodeURIComponent(`/stall/${stall.id}`)}`,
  );
  await expect(section.getByRole("button")).toHaveCount(0);

  // Answers can send a stall to the moderators, so they need a confirmed address, like every contribution.
  await newMember(page, { name: "Still Here Walker", confirmed: true, username: true });
  await page.goto(`/stall/${stall.id}`);
  const answers = section.getByRole("group", { name: "Is this stall still at this place?" });
  await expect(answers.getByRole("button")).toHaveText(["Yes", "Moved", "Closed for good"]);
  await expectAccessible(page);
  const yes = answers.getByRole("button", { name: "Yes" });
  await yes.click();
  await expect(yes).toHaveAttribute("aria-pressed", "true");
  await expect(section.getByRole("status")).toHaveText(/^You answered “Yes”\. You can answer again on .+\.$/);
  for (const button of await answers.getByRole("button").all()) await expect(button).toBeDisabled();
  const confirmed = section.locator("time");
  await expect(confirmed).toHaveText(/^Last confirmed .+/);
  const at = Date.parse((await confirmed.getAttribute("datetime")) ?? "");
  expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);

  // It holds after a reload, and the API refuses a second answer inside the window.
  await page.reload();
  await expect(answers.getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
  await expect(answers.getByRole("button", { name: "Moved" })).toBeDisabled();
  await expect(section.getByText(/^Last confirmed /)).toBeVisible();
  const again = await page.request.post(`/api/shop/${stall.id}/confirm`, {
    data: { answer: "moved" },
    headers: { Origin: appOrigin() },
  });
  expect(again.status()).toBe(429);

  // The newest review's like: one more, kept over a reload, and taken back.
  const { name, likes } = stall.review;
  const likeButton = (count: number) =>
    page.getByRole("button", {
      name: `Like review by ${name}, ${count} ${count === 1 ? "like" : "likes"}`,
      exact: true,
    });
  await expect(likeButton(likes)).toHaveAttribute("aria-pressed", "false");
  await likeButton(likes).click();
  await expect(likeButton(likes + 1)).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get(`/api/reviews/${stall.id}`)).json()) as {
        items: { like_count: number; liked: boolean }[];
      };
      return [items[0]?.like_count, items[0]?.liked];
    })
    .toEqual([likes + 1, true]);
  await page.reload();
  await expect(likeButton(likes + 1)).toHaveAttribute("aria-pressed", "true");
  await likeButton(likes + 1).click();
  await expect(likeButton(likes)).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get(`/api/reviews/${stall.id}`)).json()) as {
        items: { like_count: number }[];
      };
      return items[0]?.like_count;
    })
    .toBe(likes);
});

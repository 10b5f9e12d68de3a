// Notifications end to end (issue 20), at 390 px (mobile project) and 1280 px (desktop project): someone likes a
// member's post and follows them; the bell shows it when the member comes back to the tab, without a reload; the
// inbox's tabs, grouping, Follow Back, click-to-read, Mark all read, and a switched-off type that writes nothing.
// Each run makes its own three people, so it never depends on the seed's notifications and the two projects run side
// by side. Texts come from app/routes/notifications.tsx, app/components/notifications/* and
// app/components/settings/community-settings.tsx.
import type { Locator, Page } from "@playwright/test";
import {
  appOrigin,
  expect,
  expectAccessible,
  isMobile,
  type Member,
  newMember,
  otherPage,
  test,
} from "./fixtures";

const project = () => test.info().project.name;

/** The header's bell: 'Notifications, N unread', or 'Notifications' alone at none. */
const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

async function expectBell(page: Page, unread: number) {
  await expect(bell(page)).toHaveAccessibleName(
    unread === 0 ? "Notifications" : `Notifications, ${unread} unread`,
  );
  if (!isMobile(page)) return;
  // Phones: the bottom bar's Profile tab carries the same count.
  const profileTab = page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: /^Profile/ });
  if (unread === 0) await expect(profileTab).not.toHaveAccessibleName(/unread/);
  else await expect(profileTab).toHaveAccessibleName(new RegExp(`${unread} unread notifications$`));
}

/**
 * Comes back to the tab as a person does (focus and visibilitychange, no navigation) and waits for the bell's own
 * read of the count. The bell reads at most once in 2 s, so a return too soon after the last one is tried again.
 */
async function comeBack(page: Page) {
  await expect(async () => {
    const read = page.waitForResponse(
      (response) => response.url().endsWith("/api/notifications/unread-count") && response.ok(),
      { timeout: 2_000 },
    );
    await page.evaluate(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await read;
  }).toPass({ intervals: [500, 1_000], timeout: 20_000 });
}

const tab = (page: Page, name: string) =>
  page.getByRole("tablist", { name: "Notifications" }).getByRole("tab", { name, exact: true });
const panel = (page: Page) => page.getByRole("tabpanel");
/** An item of the inbox: its button is named by its whole text. */
const item = (page: Page, text: RegExp) => panel(page).getByRole("button", { name: text });
const itemRow = (page: Page, text: RegExp): Locator =>
  panel(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: text }) });

/** The post's card on the page (the post opened by its link leads the feed). */
const postCard = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).first();
const likesLabel = (count: number) => `Like, ${count} ${count === 1 ? "like" : "likes"}`;

/** Likes the post from its card and waits until the server has it (the button turns at once, before the answer). */
async function like(page: Page, text: string, likesBefore: number) {
  const card = postCard(page, text);
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await card.getByRole("button", { name: likesLabel(likesBefore) }).click();
  expect((await saved).ok()).toBe(true);
  await expect(card.getByRole("button", { name: likesLabel(likesBefore + 1) })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

/** Follows the post's writer from its card and waits until the server has it. */
async function followWriter(page: Page, text: string, writer: Member) {
  const follow = postCard(page, text).getByRole("button", { name: `Follow ${writer.name}` });
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await follow.click();
  expect((await saved).ok()).toBe(true);
  await expect(follow).toHaveAttribute("aria-pressed", "true");
}

/**
 * A GET of the API from the page itself. The browser retries a request on a connection the server was just closing;
 * the test's own request context failed there now and then with 'socket hang up'.
 */
function readJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

test("a like and a follow light the bell on return, group in the inbox, and are followed back, read and switched off", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mark = `${project()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const text = `Kulhad chai at the corner before the rush, ${mark}`;

  // A shares a post; nothing waits for them yet.
  const reader = await newMember(page, { name: "Asha Reader", confirmed: true, username: true });
  const posted = await page.request.post("/api/posts", {
    data: { type: "discovery", text },
    headers: { Origin: appOrigin() },
  });
  expect(posted.status()).toBe(201);
  const postId = ((await posted.json()) as { id: string }).id;
  await page.goto("/food-trails");
  await expectBell(page, 0);
  // Set on this document: a reload or a full navigation would lose it.
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });

  // B, in their own browser, likes the post and follows its writer from the post's card.
  const liker = await otherPage(browser);
  const bela = await newMember(liker, { name: "Bela Liker", confirmed: false, username: true });
  await liker.goto(`/feed?post=${postId}`);
  await like(liker, text, 0);
  await followWriter(liker, text, reader);

  // A comes back to the tab: the bell reads the count again, with no reload.
  await comeBack(page);
  await expectBell(page, 2);
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

  // The inbox: All first, then Unread with its count, listing the like and the follow as unread.
  await bell(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(tab(page, "All")).toHaveAttribute("aria-selected", "true");
  const likeText = new RegExp(`^${bela.name} liked your post`);
  const followText = new RegExp(`^${bela.name} started following you`);
  await expect(item(page, likeText)).toBeVisible();
  await expect(item(page, followText)).toBeVisible();
  await expectAccessible(page);
  await tab(page, "Unread 2").click();
  await expect(page).toHaveURL(/\/notifications\?tab=unread$/);
  await expect(tab(page, "Unread 2")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);
  await expect(item(page, likeText)).toContainText(text);
  await expect(item(page, likeText)).toContainText("Unread");
  await expect(item(page, followText)).toContainText("Unread");
  await expectAccessible(page);

  // C likes the same post: one item, newest person first, the bell still at two.
  const third = await otherPage(browser);
  const chetan = await newMember(third, { name: "Chetan Third", confirmed: false, username: true });
  await third.goto(`/feed?post=${postId}`);
  await like(third, text, 1);
  await page.reload();
  const grouped = new RegExp(`^${chetan.name} and 1 other liked your post`);
  await expect(item(page, grouped)).toContainText("Unread");
  await expect(item(page, likeText)).toHaveCount(0);
  await expect(tab(page, "Unread 2")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);
  await expectBell(page, 2);

  // Follow Back turns into 'Following', and B's followers now list A.
  const followRow = itemRow(page, followText);
  await followRow.getByRole("button", { name: "Follow Back", exact: true }).click();
  const following = followRow.getByRole("button", { name: "Following", exact: true });
  await expect(following).toHaveAttribute("aria-disabled", "true");
  await expect(followRow.getByRole("link", { name: "View Profile" })).toHaveAttribute(
    "href",
    `/u/${bela.username}`,
  );
  await expect
    .poll(async () => {
      const followers = await readJson<{ data: { username: string | null }[] }>(
        page,
        `/api/users/${bela.username}/followers`,
      );
      return followers.data.map((person) => person.username);
    })
    .toContain(reader.username);
  await page.reload();
  await expect(
    itemRow(page, followText).getByRole("button", { name: "Following", exact: true }),
  ).toBeVisible();

  // Pressing the like item reads it and opens the post; the bell drops to one.
  await item(page, grouped).click();
  await expectBell(page, 1);
  await expect(page).toHaveURL(`/feed?post=${postId}`);
  await expect(page.getByRole("article").filter({ hasText: text }).first()).toBeVisible();

  // Mark all read empties Unread; the bell has no count.
  await bell(page).click();
  await tab(page, "Unread 1").click();
  await expect(panel(page).getByRole("listitem")).toHaveCount(1);
  await expect(item(page, followText)).toContainText("Unread");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(panel(page).getByText("You're all caught up!")).toBeVisible();
  await expectBell(page, 0);
  await expect(tab(page, "Unread")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
  await expectAccessible(page);
  await tab(page, "All").click();
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);
  await expect(panel(page).getByText("Unread", { exact: true })).toHaveCount(0);
  await tab(page, "Mentions").click();
  await expect(tab(page, "Mentions")).toHaveAttribute("aria-selected", "true");
  // Mentions holds likes and comments as well: the grouped like, read.
  await expect(panel(page).getByRole("listitem")).toHaveCount(1);
  await expect(item(page, grouped)).toBeVisible();
  await expectAccessible(page);

  // Settings: 'New followers' off; C's follow then writes nothing, and the bell stays without a count.
  await page.goto("/settings#community");
  const community = page.getByRole("region", { name: "Community" });
  const followers = community.getByRole("switch", { name: "New followers" });
  await expect(followers).toHaveAttribute("aria-checked", "true");
  await followers.click();
  await expect(followers).toHaveAttribute("aria-checked", "false");
  await expect(
    page.getByRole("region", { name: /^Notifications/ }).getByText("Notification settings saved"),
  ).toBeVisible();
  await page.reload();
  await expect(followers).toHaveAttribute("aria-checked", "false");
  await expect(community.getByRole("switch", { name: "Likes" })).toHaveAttribute("aria-checked", "true");
  await followWriter(third, text, reader);
  await comeBack(page);
  await expectBell(page, 0);
  await page.goto("/notifications");
  await expect(panel(page).getByRole("listitem")).toHaveCount(2);
  // Had it been written, it would have joined B's follow as 'C and 1 other started following you'.
  await expect(item(page, followText)).toBeVisible();
  await expect(item(page, new RegExp(`^${chetan.name}.*following you`))).toHaveCount(0);

  await liker.context().close();
  await third.context().close();
});

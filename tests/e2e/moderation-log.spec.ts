// The moderation log (ADR 047) end to end, at 390 px (mobile project) and 1280 px (desktop project): a moderator
// hides a new member's post from the queue, opens the log from the queue's tabs, finds the decision, searches by the
// person and reads their older entries with Load more. Each project signs up its own author, so the two never share
// an entry, and no decision touches the seeded user (an upheld report lowers its author's trust, ADR 051).
import type { Page } from "@playwright/test";
import {
  appOrigin,
  expect,
  expectAccessible,
  newMember,
  otherPage,
  SEEDED_MODERATOR,
  signIn,
  test,
} from "./fixtures";

/** The sonner toaster: a region labelled "Notifications alt+T". */
const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

/** More warnings than one page of the log holds (30), so the person's entries need Load more. */
const WARNINGS = 31;

test("a moderator hides a post, finds the decision in the log from the queue, and searches it by the person", async ({
  page,
  browser,
}) => {
  // Thirty-one warnings and two full pages of the log, under a loaded machine.
  test.slow();
  const author = await otherPage(browser);
  const { username } = await newMember(author, { name: "Logged Author", confirmed: true, username: true });
  const mark = `${test.info().project.name}-log-${Date.now() % 1_000_000}`;
  const text = `Cheap followers, DM me (${mark})`;
  const created = await author.request.post("/api/posts", {
    data: { type: "tip", text },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A member finds no log: the page is unknown to them, as /moderation is.
  expect((await author.goto("/moderation/log"))?.status()).toBe(404);

  await signIn(page, SEEDED_MODERATOR);
  const reported = await page.request.post(`/api/posts/${id}/report`, {
    data: { reason: "Selling followers" },
    headers: { Origin: appOrigin() },
  });
  expect(reported.status()).toBe(201);
  // Older decisions about the same person, so their entries fill more than one page.
  const warnings = await Promise.all(
    Array.from({ length: WARNINGS }, (_, n) =>
      page.request.post(`/api/moderation/users/${username}/actions`, {
        data: { action: "warn", reason: `Warning ${n + 1}` },
        headers: { Origin: appOrigin() },
      }),
    ),
  );
  expect(warnings.map((warned) => warned.status())).toEqual(warnings.map(() => 201));

  await page.goto(`/moderation?tab=posts&q=${mark}`);
  const card = page.getByRole("article", { name: "Tip post by Logged Author" });
  await card.getByRole("button", { name: /^Hide post/ }).click();
  await card.getByLabel("Reason for hiding (shown to the author)").fill("Advertising is not allowed");
  await card.getByRole("button", { name: /^Hide post/ }).click();
  await expect(toasts(page).getByText("Post hidden. Its author sees your reason.")).toBeVisible();

  // One click from the queue's tabs, at either width.
  const tabs = page.getByRole("navigation", { name: "Moderation queues" });
  await tabs.getByRole("link", { name: "Moderation log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moderation log" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Moderation log" })).toHaveAttribute("aria-current", "page");

  // Newest first: the hide is at the top, with who, what, the subject, the person, the reason and when.
  const log = page.getByRole("list", { name: "Moderation log" });
  const newest = log.getByRole("listitem").first();
  await expect(newest.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(newest.getByRole("link", { name: text })).toHaveAttribute("href", `/feed?post=${id}`);
  await expect(newest.getByRole("link", { name: "Logged Author" })).toHaveAttribute(
    "href",
    `/moderation/people/${username}`,
  );
  await expect(newest.getByText("Reason: Advertising is not allowed")).toBeVisible();
  await expect(newest.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expectAccessible(page);

  // By the person: their entries alone, a page at a time.
  await page.getByLabel("Moderator, person or subject").fill(`@${username}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/moderation/log\\?q=%40${username}$`));
  await expect(log.getByRole("listitem")).toHaveCount(30);
  await expect(log.getByRole("listitem").first().getByRole("link", { name: text })).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(log.getByRole("listitem")).toHaveCount(WARNINGS + 1);
  await expect(
    log
      .getByRole("listitem")
      .last()
      .getByText(/^Reason: Warning \d+$/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // A search nothing matches says so.
  await page.getByLabel("Moderator, person or subject").fill(`nobody-${mark}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No matching decisions" })).toBeVisible();
  await expectAccessible(page);
  await author.context().close();
});

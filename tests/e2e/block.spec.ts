// Block (issue 33 §1, ADR 048), at 390 px (mobile project) and 1280 px (desktop project): a member blocks someone from a
// post's menu, the post leaves their feed, the blocked person finds the blocker's profile missing, and the blocker
// unblocks them from Settings > Community > Blocked and muted. Each test makes its own people, so the two projects
// run side by side. Texts come from app/components/community/block-mute.tsx and app/routes/settings.community.tsx.
import type { Page } from "@playwright/test";
import { appOrigin, expect, expectAccessible, newMember, otherPage, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("a member blocks someone from a post's menu and unblocks them from Settings", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const mark = `${test.info().project.name}-${Date.now().toString(36)}`;
  const text = `Loud chaat opinions, ${mark}`;
  const writerPage = await otherPage(browser);
  const writer = await newMember(writerPage, { name: "Loud Writer", confirmed: true, username: true });
  const created = await writerPage.request.post("/api/posts", {
    data: { type: "tip", text },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const blocker = await newMember(page, { name: "Quiet Reader", confirmed: true, username: true });
  await page.goto(`/feed?post=${id}`);
  const post = page.getByRole("article").filter({ hasText: text });
  await expect(post).toBeVisible();
  await post.getByLabel("More actions").click();
  await post.getByRole("button", { name: `Block @${writer.username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Block Loud Writer?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(toasts(page).getByText("Blocked. They are not told.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(0);
  // Read again, the feed still leaves it out.
  await page.goto(`/feed?post=${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Community Feed" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(0);

  // The blocked person finds the blocker's profile as if it did not exist.
  const missing = await writerPage.goto(`/u/${blocker.username}`);
  expect(missing?.status()).toBe(404);
  await expect(writerPage.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

  // Settings > Community > Blocked and muted lists them, with Unblock.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Blocked and muted" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blocked and muted" })).toBeVisible();
  const blocked = page.getByRole("region", { name: "Blocked people" });
  await expect(blocked.getByText("Loud Writer")).toBeVisible();
  await expectAccessible(page);
  await blocked.getByRole("button", { name: `Unblock @${writer.username}` }).click();
  await expect(toasts(page).getByText("Unblocked.")).toBeVisible();
  await expect(blocked.getByText("You have not blocked anyone.")).toBeVisible();

  // The profile is there again for them.
  const found = await writerPage.goto(`/u/${blocker.username}`);
  expect(found?.status()).toBe(200);
  await expect(writerPage.getByRole("heading", { level: 1, name: /Quiet Reader/ })).toBeVisible();
});

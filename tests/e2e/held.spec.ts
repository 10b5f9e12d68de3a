// The spam rules (ADR 051), at 390 px (mobile project) and 1280 px (desktop project): a new member shares the same
// text three times and sees the third held, waiting for a moderator; a moderator approves it from the Held tab and
// everyone sees it. Each project signs up its own member and text, so the two never meet.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, otherPage, SEEDED_MODERATOR, signIn, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

async function share(page: Page, text: string) {
  const composer = page.getByRole("region", { name: "Share your food discovery..." });
  await composer.getByRole("button", { name: "Share your food discovery..." }).click();
  await composer.getByRole("textbox", { name: "Share your food discovery..." }).fill(text);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(composer.getByRole("button", { name: "Share your food discovery..." })).toBeVisible();
}

test("a new member's third copy of a text is held, and a moderator approves it from the Held tab", async ({
  page,
  browser,
}) => {
  // Two people, three posts and a moderation page on a loaded machine.
  test.setTimeout(240_000);
  const member = await newMember(page, { name: "Copy Paster", confirmed: true, username: true });
  const text = `Free momos for followers ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto("/feed");
  await share(page, text);
  await expect(toasts(page).getByText("Your post is shared.").first()).toBeVisible();
  await share(page, text);
  await share(page, text);
  await expect(
    toasts(page).getByText("Your post is waiting for a moderator before others see it."),
  ).toBeVisible();

  // The author sees it on their profile, marked as waiting; nobody else does yet.
  await page.goto("/profile?tab=posts");
  await expect(page.getByText(/^Waiting for a moderator: /)).toHaveCount(1);

  const moderator = await otherPage(browser);
  await signIn(moderator, SEEDED_MODERATOR);
  await moderator.goto(`/u/${member.username}`);
  await expect(moderator.getByText(text)).toHaveCount(2);

  await moderator.goto("/moderation");
  const tabs = moderator.getByRole("navigation", { name: "Moderation queues" });
  await tabs.getByRole("link", { name: /^Held \d+$/ }).click();
  await expect(moderator.getByRole("heading", { level: 1, name: "Held" })).toBeVisible();
  await expect(moderator).toHaveURL(/\/moderation\?tab=held$/);
  await moderator.getByLabel("Words").fill(text);
  await moderator.getByRole("button", { name: "Search" }).click();
  await expect(moderator.getByRole("heading", { level: 2, name: /^1 held post matching/ })).toBeVisible();
  const card = moderator.locator("ol > li > article").filter({ hasText: text });
  await expect(card.getByText("Posted 3 times by this account in 24 hours")).toBeVisible();
  await expectAccessible(moderator);

  await card.getByRole("button", { name: `Approve Post by @${member.username}` }).click();
  await expect(toasts(moderator).getByText("The post is published.")).toBeVisible();
  await expect(card).toHaveCount(0);
  await moderator.goto(`/u/${member.username}`);
  await expect(moderator.getByText(text)).toHaveCount(3);
  await moderator.context().close();
});

// A moderator acts on an account (ADR 052), at 390 px (mobile project) and 1280 px (desktop project): a spam
// account is removed as spam from its person page (its post disappears, its session ends) and then lifted (the post
// returns). Each project signs up its own spammer, so the two never touch each other's account.
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

async function act(page: Page, action: string, reason: string) {
  const form = page.getByRole("group", { name: "Act on this account" });
  await form.getByRole("radio", { name: action, exact: true }).check();
  await form.getByLabel("Reason (they are told)").fill(reason);
  await form.getByRole("button", { name: "Apply" }).click();
}

test("a moderator removes a spam account as spam, its post disappears, and lifting brings it back", async ({
  page,
  browser,
}) => {
  // Two people, eight pages and two accessibility passes: a long walk on two shared cores.
  test.slow();
  const spammer = await newMember(page, { name: "Cheap Followers", confirmed: true, username: true });
  const text = `Buy followers now ${test.info().project.name} ${Date.now().toString(36)}`;
  const posted = await page.request.post("/api/posts", {
    data: { type: "tip", text },
    headers: { Origin: appOrigin() },
  });
  expect(posted.status()).toBe(201);

  const moderator = await otherPage(browser);
  await signIn(moderator, SEEDED_MODERATOR);
  await moderator.goto(`/u/${spammer.username}`);
  await expect(moderator.getByText(text)).toBeVisible();

  await moderator.goto(`/moderation/people/${spammer.username}`);
  await expect(moderator.getByRole("heading", { level: 1, name: "Cheap Followers" })).toBeVisible();
  await expect(moderator.getByText("No restriction in force")).toBeVisible();
  await expect(moderator.getByRole("region", { name: "Recent content" }).getByText(text)).toBeVisible();
  await expectAccessible(moderator);

  await act(moderator, "Remove as spam", "Selling followers");
  await expect(
    toasts(moderator).getByText("Removed as spam: suspended, content hidden, waiting stalls rejected."),
  ).toBeVisible();
  await expect(moderator.getByText("Remove as spam until lifted")).toBeVisible();
  await expect(
    moderator.getByRole("region", { name: "Past actions" }).getByText("Selling followers"),
  ).toBeVisible();

  // Their session ended with the suspension: the next page asks them to sign in.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
  await moderator.goto(`/u/${spammer.username}`);
  await expect(moderator.getByRole("heading", { level: 1, name: "Cheap Followers" })).toBeVisible();
  await expect(moderator.getByText(text)).toHaveCount(0);

  await moderator.goto(`/moderation/people/${spammer.username}`);
  await act(moderator, "Lift", "Appeal accepted");
  await expect(toasts(moderator).getByText("Lifted. What was hidden is back.")).toBeVisible();
  await expect(moderator.getByText("No restriction in force")).toBeVisible();
  await expectAccessible(moderator);
  await moderator.goto(`/u/${spammer.username}`);
  await expect(moderator.getByText(text)).toBeVisible();
  await moderator.context().close();
});

// A post's menu (app/components/community/post-menu.tsx), at 390 px (mobile project) and 1280 px (desktop project):
// its items and dialogs are not part of the feed's first load but come when a pointer or focus first reaches its
// button, and the menu works from the keyboard alone: its author deletes a post with Tab and Enter. Blocking and
// reporting from the same menu are block.spec.ts's and moderation.spec.ts's.
import { appOrigin, expect, expectAccessible, newMember, test } from "./fixtures";

const isMenuCode = (path: string) => /\/post-menu-items-[\w-]+\.js$/.test(path);

test("a post's menu loads when first reached, and its author deletes the post with the keyboard", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await newMember(page, { name: "Menu Writer", confirmed: true, username: true });
  const text = `Chai at dawn, ${test.info().project.name}-${Date.now().toString(36)}`;
  const created = await page.request.post("/api/posts", {
    data: { type: "tip", text },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/feed?post=${id}`);
  const post = page.getByRole("article").filter({ hasText: text }).first();
  await expect(post).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(isMenuCode)).toEqual([]);

  // Focus on the button is the intent: the items are fetched before Enter opens the menu.
  const more = post.getByLabel("More actions");
  await more.focus();
  await expect.poll(() => scripts.some(isMenuCode)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(post.getByRole("button", { name: "Edit" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(post.getByRole("button", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(post.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(confirm).toBeVisible();
  // The menu closed behind its dialog.
  await expect(post.getByRole("button", { name: "Edit" })).toBeHidden();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article").filter({ hasText: text })).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(404);
});

// Likes on a stall page's reviews: shown at once, kept across a reload, put back when the server cannot be reached,
// and a visitor asked to sign in.
import type { Page } from "@playwright/test";
import { expect, SEEDED_USER, signIn, test } from "./fixtures";

/** A seeded stall with reviews by other people than the seeded user, opened at its reviews. */
async function openReviewedStall(page: Page) {
  await page.goto("/discover");
  const found = await page.request.get("/api/search?q=chaat");
  const { items } = (await found.json()) as { items: { shop_unique_id: string; rating_count: number }[] };
  const stall = items.find((item) => item.rating_count > 0);
  expect(stall, "a seeded stall with reviews").toBeTruthy();
  await page.goto(`/stall/${stall?.shop_unique_id}`);
  const reviews = page.getByRole("list", { name: "Reviews, newest first" });
  await reviews.scrollIntoViewIfNeeded();
  return reviews;
}

const likesOf = async (button: ReturnType<Page["getByRole"]>) =>
  Number((await button.getAttribute("aria-label"))?.match(/(\d+) likes?$/)?.[1]);

test("a reader likes a review at once, it stays after a reload, and unliking takes it back", async ({
  page,
}) => {
  await signIn(page, SEEDED_USER);
  const reviews = await openReviewedStall(page);
  const like = reviews.getByRole("button", { name: /^Like review by / }).first();
  const name = (await like.getAttribute("aria-label"))?.replace(/, \d+ likes?$/, "") ?? "";
  const button = reviews.getByRole("button", { name: new RegExp(`^${name}, `) }).first();
  const before = await likesOf(button);
  const wasPressed = (await button.getAttribute("aria-pressed")) === "true";
  // The button turns at once and the like is sent after: the reload waits for the server's answer. (Waiting for
  // network idle would not, since the page reached it at load and the wait then returns at once.)
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/review-like/.test(response.url()),
  );
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", String(!wasPressed));
  const after = await likesOf(button);
  expect(after).toBe(before + (wasPressed ? -1 : 1));
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(button).toHaveAttribute("aria-pressed", String(!wasPressed));
  expect(await likesOf(button)).toBe(after);
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", String(wasPressed));
  expect(await likesOf(button)).toBe(before);
});

test("a like that cannot reach the server is put back with a toast", async ({ page }) => {
  await signIn(page, SEEDED_USER);
  const reviews = await openReviewedStall(page);
  const button = reviews.getByRole("button", { name: /^Like review by / }).first();
  const pressed = await button.getAttribute("aria-pressed");
  const before = await likesOf(button);
  await page.waitForLoadState("networkidle");
  await page.route(/\/review-like/, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await button.click();
  await expect(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Network error. Please check your internet connection."),
  ).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", pressed ?? "false");
  expect(await likesOf(button)).toBe(before);
});

test("a visitor's like asks them to sign in", async ({ page }) => {
  const reviews = await openReviewedStall(page);
  const button = reviews.getByRole("button", { name: /^Like review by / }).first();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Please log in first!"),
  ).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "false");
});

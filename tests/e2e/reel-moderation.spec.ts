// Reels in the moderation queue end to end: a moderator opens the Pending reels tab, finds a new reel with its video
// (poster shown, metadata loaded, playable), and approves it; it is public from then on. Each project uploads its own
// pending reel through the API as the seed's user (a real fast-start clip and poster), so the two projects never
// decide the same reel, nor the seed's. And a member reports a reel from its page, and a moderator reads the reason in
// Reported reels and keeps it: each project reports its own seeded reel, so neither closes the other's report.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ReelPage } from "~/lib/schemas/reels";
import {
  expect,
  expectAccessible,
  newMember,
  otherPage,
  SEEDED_MODERATOR,
  SEEDED_USER,
  signIn,
  test,
} from "./fixtures";

const CLIP = "scripts/seed-media/reels/momos";
const alnum = (length: number) =>
  Array.from(
    randomBytes(length),
    (byte) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[byte % 62],
  ).join("");

/** A pending reel by the seed's user, pinned to an approved seeded stall: started, sent in one part and finished
 * through /api/reels, as the upload page does. */
async function uploadPendingReel(api: APIRequestContext, origin: string, caption: string) {
  const headers = { Origin: origin };
  const signedIn = await api.post("/auth", {
    form: { mode: "signin", email: SEEDED_USER.email, password: SEEDED_USER.password },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  const stalls = await api.get("/api/shop?limit=1");
  const [stall] = ((await stalls.json()) as { items: { id: string; name: string }[] }).items;
  if (!stall) throw new Error("the e2e database has no approved stall");
  const video = readFileSync(`${CLIP}.mp4`);
  const started = await api.post("/api/reels/uploads", {
    data: { size: video.byteLength, type: "video/mp4" },
    headers,
  });
  expect(started.status()).toBe(201);
  const { upload_id } = (await started.json()) as { upload_id: string };
  const part = await api.put(`/api/reels/uploads/${upload_id}/parts/1`, {
    data: video,
    headers: { ...headers, "Content-Type": "application/octet-stream" },
  });
  expect(part.status()).toBe(200);
  const created = await api.post("/api/reels", {
    multipart: {
      upload_id,
      parts: JSON.stringify([await part.json()]),
      stall_id: stall.id,
      caption,
      poster: { name: "poster.jpg", mimeType: "image/jpeg", buffer: readFileSync(`${CLIP}.jpg`) },
    },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, stallName: stall.name };
}

test("a moderator watches a pending reel in the Reels tab and approves it, accessible on phones and desktops", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const caption = `Steaming momos for the ${testInfo.project.name} queue ${alnum(6)}`;
  const uploader = await playwright.request.newContext({ baseURL });
  const reel = await uploadPendingReel(uploader, new URL(baseURL as string).origin, caption);
  await uploader.dispose();
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get(`/api/reels/${reel.id}`)).status()).toBe(404);

  await signIn(page, SEEDED_MODERATOR);
  await page.goto("/moderation");
  const tabs = page.getByRole("navigation", { name: "Moderation queues" });
  await expect(tabs.getByRole("link", { name: /^Reported reels \d+$/ })).toHaveAttribute(
    "href",
    "/moderation?tab=reel_reports",
  );
  await tabs.getByRole("link", { name: /^Pending reels \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pending reels" })).toBeVisible();
  await expect(page).toHaveURL(/\/moderation\?tab=reels$/);

  // Other reels may be waiting (the seed's, the other project's): the caption's words find this one.
  await page.getByLabel("Stall, area or caption").fill(caption);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^1 reel matching/ })).toBeVisible();
  const card = page.locator("ol > li > article").filter({ hasText: caption });
  await expect(card.getByRole("heading", { level: 3, name: `Reel of ${reel.stallName}` })).toBeVisible();

  const video = card.locator("video");
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute("poster", /^\/media\/[A-Za-z0-9]+\.jpg$/);
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("preload", "metadata");
  // The poster is served, and the browser read the clip's metadata through range requests: it can play.
  const poster = (await video.getAttribute("poster")) as string;
  expect((await page.request.get(poster)).headers()["content-type"]).toBe("image/jpeg");
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration)))
    .toBe(6);
  await expect(card.getByText("6 seconds")).toBeVisible();
  await expectAccessible(page);

  await card.getByRole("button", { name: `Approve ${reel.stallName}` }).click();
  await expect(
    page
      .getByRole("region", { name: /^Notifications/ })
      .getByText(`The reel of "${reel.stallName}" is live now.`),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await visitor.get(`/api/reels/${reel.id}`)).status()).toBe(200);
  await visitor.dispose();
});

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

test("a member reports a reel from its page; a moderator reads why in Reported reels and keeps it", async ({
  page,
  browser,
}, testInfo) => {
  await newMember(page, { name: "Reel Reporter", confirmed: true });
  const listed = await page.request.get("/api/reels?tab=for_you");
  expect(listed.ok()).toBe(true);
  // By id, not by rank: the other project's likes may reorder For You meanwhile.
  const seeded = ((await listed.json()) as ReelPage).data.toSorted((a, b) => a.id.localeCompare(b.id));
  const reel = seeded[testInfo.project.name === "mobile" ? 0 : 1];
  if (!reel) throw new Error("the seed has fewer than two approved reels");
  const reason = `Only a wall, no food in it ${alnum(6)}`;

  await page.goto(`/reels/${reel.id}`);
  await page.getByRole("button", { name: "Report reel" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Report this reel" });
  await expect(dialog.getByLabel("What is wrong?")).toBeVisible();
  // Nothing written: said beside the field, and nothing is sent.
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expect(dialog.getByText("Please say what is wrong with this reel")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("What is wrong?").fill(reason);
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expect(toasts(page).getByText("Thanks! A moderator will look at your report.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const moderator = await otherPage(browser);
  await signIn(moderator, SEEDED_MODERATOR);
  await moderator.goto(`/moderation?tab=reel_reports&q=${encodeURIComponent(reel.caption)}`);
  await expect(moderator.getByRole("heading", { level: 1, name: "Reported reels" })).toBeVisible();
  const card = moderator.locator("ol > li > article").filter({ hasText: reason });
  await expect(card.getByRole("heading", { level: 3, name: `Reel of ${reel.stall.name}` })).toBeVisible();
  await expectAccessible(moderator);
  await card.getByRole("button", { name: `Keep ${reel.stall.name}` }).click();
  await expect(
    toasts(moderator).getByText(`The reel of "${reel.stall.name}" stays; its reports are closed.`),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(`/api/reels/${reel.id}`)).status()).toBe(200);
  await moderator.context().close();
});

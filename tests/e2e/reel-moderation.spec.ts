// Reels in the moderation queue end to end: a moderator opens the Pending reels tab, finds a new reel with its video
// (poster shown, metadata loaded, playable), and approves it; it is public from then on. Each project inserts its own
// pending reel straight into the e2e server's local D1 and R2 (wrangler's platform proxy over the same state folder),
// so the two projects never decide the same reel, nor the seed's.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { expect, expectAccessible, SEEDED_MODERATOR, signIn, test } from "./fixtures";

const CLIP = "scripts/seed-media/reels/momos";
const alnum = (length: number) =>
  Array.from(
    randomBytes(length),
    (byte) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[byte % 62],
  ).join("");

/** A pending reel by the seed's user, pinned to an approved seeded stall, with a real clip and poster in R2. */
async function insertPendingReel(caption: string) {
  const state = `.wrangler/e2e-state-${process.env.E2E_PORT ?? "8788"}/v3`;
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: state } });
  try {
    const { DB, PHOTOS } = proxy.env;
    const author = await DB.prepare("SELECT id FROM users WHERE email = 'user@nukkad.test'").first<{
      id: string;
    }>();
    const stall = await DB.prepare(
      "SELECT id, name, grid_cell FROM stalls WHERE status = 'approved' ORDER BY id LIMIT 1",
    ).first<{ id: number; name: string; grid_cell: number }>();
    if (!author || !stall) throw new Error("the e2e database has no seeded user or stall");
    const id = alnum(12);
    const videoKey = `${alnum(24)}.mp4`;
    const posterKey = `${alnum(24)}.jpg`;
    // Plain Uint8Arrays: the proxy's serialiser refuses Node's Buffer.
    const video = new Uint8Array(readFileSync(`${CLIP}.mp4`));
    await PHOTOS.put(`media/${videoKey}`, video, { httpMetadata: { contentType: "video/mp4" } });
    await PHOTOS.put(`media/${posterKey}`, new Uint8Array(readFileSync(`${CLIP}.jpg`)), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    await DB.prepare(
      `INSERT INTO reels (public_id, user_id, stall_id, grid_cell, caption, video_key, poster_key, video_type,
         video_bytes, duration_ms, width, height, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'video/mp4', ?, 6000, 540, 960, 'pending')`,
    )
      .bind(id, author.id, stall.id, stall.grid_cell, caption, videoKey, posterKey, video.byteLength)
      .run();
    return { id, posterKey, stallName: stall.name };
  } finally {
    await proxy.dispose();
  }
}

test("a moderator watches a pending reel in the Reels tab and approves it, accessible on phones and desktops", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const caption = `Steaming momos for the ${testInfo.project.name} queue ${alnum(6)}`;
  const reel = await insertPendingReel(caption);
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
  await expect(video).toHaveAttribute("poster", `/media/${reel.posterKey}`);
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("preload", "metadata");
  // The poster is served, and the browser read the clip's metadata through range requests: it can play.
  expect((await page.request.get(`/media/${reel.posterKey}`)).headers()["content-type"]).toBe("image/jpeg");
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

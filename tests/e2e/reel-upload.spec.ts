// Adding a reel (issue 21, the upload's browser side), at 390 px (mobile project) and 1280 px (desktop project): a
// confirmed member opens /reels/new from a stall's page, chooses a clip, sees its poster, the progress bar reach 100%
// and lands on the pending reel; a PNG named .mp4 is refused at the field with nothing uploaded; Cancel in the middle
// of an upload goes back to the form with the video kept, and leaving the form mid-upload ends it; an MP4 that is not
// fast start is remuxed in the browser and accepted; picking and unpinning a stall keep the focus in the field.
// Texts come from app/routes/reels.new.tsx and app/components/reel/upload-*.tsx.
import http from "node:http";
import { fileURLToPath } from "node:url";
import type { Page, Request } from "@playwright/test";
import { appOrigin, expect, expectAccessible, newMember, test } from "./fixtures";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/reels/${name}`, import.meta.url));
const FILE_MESSAGE = "Please choose an MP4 or WebM video up to 60 seconds and 50 MB";
const THANKS = "Thanks! Your reel will appear once a moderator approves it.";
/** Chandni Chowk, Delhi: seeded approved stalls stand around it. */
const CHANDNI_CHOWK = "28.6562,77.2301";

async function aStall(page: Page) {
  const response = await page.request.get(`/api/shop?near=${CHANDNI_CHOWK}&limit=1`);
  expect(response.ok()).toBe(true);
  const [stall] = ((await response.json()) as { items: { id: string; name: string }[] }).items;
  if (!stall) throw new Error("a seeded stall near Chandni Chowk");
  return stall;
}

/** /reels/new for `stall`, once its form has hydrated (Upload is disabled until then). */
async function openForm(page: Page, stall: { id: string; name: string }) {
  await page.goto(`/reels/new?stall=${stall.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Add a reel" })).toBeVisible();
  await expect(page.getByText(`Pinned to ${stall.name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeEnabled();
}

const chooseVideo = (page: Page, name: string) =>
  page.getByLabel("Choose a video").setInputFiles(fixture(name));
const uploadRequests = (request: Request) => new URL(request.url()).pathname.startsWith("/api/reels");

test("a confirmed member uploads a clip from a stall's page and lands on the reel, waiting for review", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });

  await page.goto(`/stall/${stall.id}`);
  await page.getByRole("link", { name: "Add a reel" }).click();
  await expect(page).toHaveURL(`/reels/new?stall=${stall.id}`);
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeEnabled();
  await expect(page.getByText(`Pinned to ${stall.name}`)).toBeVisible();
  await expectAccessible(page);

  await chooseVideo(page, "faststart.mp4");
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toBeVisible();
  // The poster is read from the chosen file through a blob: URL, which the policy must allow.
  expect(violations).toEqual([]);
  const text = "Crisp #aloo_tikki at the corner, ask @raju for extra chutney";
  await page.getByRole("textbox", { name: "Caption" }).fill(text);
  await expect(page.getByText(`${text.length}/300`)).toBeVisible();

  // Held back until the bar has been seen full: every part has gone, the reel is being made.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/reels", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const bar = page.getByRole("progressbar", { name: "Uploading your reel" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText("100%", { exact: true })).toBeVisible();
  // Too late to cancel, but the focus stays on the button rather than falling to the page.
  const cancel = page.getByRole("button", { name: "Cancel upload" });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toBeFocused();
  await expectAccessible(page);
  release();

  await expect(page).toHaveURL(/\/reels\/[A-Za-z0-9]{12}$/);
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(page.getByText("Waiting for review").first()).toBeVisible();
});

test("a PNG named .mp4 is refused at the field and nothing is uploaded", async ({ page }) => {
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (uploadRequests(request)) sent.push(`${request.method()} ${request.url()}`);
  });
  await openForm(page, stall);

  await chooseVideo(page, "png-renamed.mp4");
  const video = page.getByRole("group", { name: "Video", exact: true });
  await expect(video.getByText(FILE_MESSAGE)).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toHaveCount(0);

  // Upload with no video: the message stays at the field, which takes the focus.
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(video.getByText("Please choose a video")).toBeVisible();
  await expect(page.getByLabel("Choose a video")).toBeFocused();
  await expectAccessible(page);
  expect(sent).toEqual([]);
});

test("Cancel in the middle of an upload goes back to the form with the video kept", async ({ page }) => {
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });
  await openForm(page, stall);
  await chooseVideo(page, "clip.webm");
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toBeVisible();

  // A slow network: the part is still on its way when Cancel is pressed (after the ticket came back: a cancel before
  // it has no upload to end).
  let partSent: () => void = () => undefined;
  const partOnItsWay = new Promise<void>((resolve) => {
    partSent = resolve;
  });
  await page.route("**/api/reels/uploads/*/parts/*", async (route) => {
    partSent();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue().catch(() => undefined);
  });
  const cancelled = page.waitForRequest(
    (request) =>
      request.method() === "DELETE" && /\/api\/reels\/uploads\/[A-Za-z0-9]{24}$/.test(request.url()),
  );
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading your reel" })).toBeVisible();
  const cancel = page.getByRole("button", { name: "Cancel upload" });
  await expect(cancel).toBeFocused();
  await partOnItsWay;
  await cancel.click();

  await cancelled;
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("Upload cancelled. Your video is still chosen.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeFocused();
  await expect(page).toHaveURL(`/reels/new?stall=${stall.id}`);
});

test("leaving the form in the middle of an upload ends the upload, and the person stays where they went", async ({
  page,
}) => {
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });
  await openForm(page, stall);
  await chooseVideo(page, "clip.webm");
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toBeVisible();

  // A slow network, as in the Cancel test: the part is still on its way when the person leaves, and arrives after.
  let partSent: () => void = () => undefined;
  const partOnItsWay = new Promise<void>((resolve) => {
    partSent = resolve;
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/reels/uploads/*/parts/*", async (route) => {
    partSent();
    await held;
    await route.continue().catch(() => undefined);
  });
  const ended = page.waitForRequest(
    (request) =>
      request.method() === "DELETE" && /\/api\/reels\/uploads\/[A-Za-z0-9]{24}$/.test(request.url()),
  );
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await partOnItsWay;
  await page.getByRole("link", { name: "Back to the stall" }).click();

  await ended;
  await expect(page).toHaveURL(`/stall/${stall.id}`);
  release();
  // Long enough for an upload that was not stopped to finish its part, make the reel and take the person to it.
  await page.waitForTimeout(3_000);
  await expect(page).toHaveURL(`/stall/${stall.id}`);
  await expect(page.getByText(THANKS)).toHaveCount(0);
});

test("unpinning the stall and picking another keep the focus in the stall field", async ({ page }) => {
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });
  await openForm(page, stall);

  await page.getByRole("button", { name: `Unpin ${stall.name}` }).click();
  const search = page.getByRole("searchbox", { name: "Stall this reel is about (required)" });
  await expect(search).toBeFocused();
  await search.fill(stall.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("button")
    .filter({ hasText: stall.name })
    .first()
    .click();
  await expect(page.getByText(`Pinned to ${stall.name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Unpin ${stall.name}` })).toBeFocused();
});

test("an MP4 that is not fast start is remuxed in the browser and accepted", async ({ page }) => {
  test.setTimeout(120_000);
  const stall = await aStall(page);
  await newMember(page, { name: "Reel Maker", confirmed: true });
  await openForm(page, stall);
  await chooseVideo(page, "not-faststart.mp4");
  await expect(page.getByRole("img", { name: "Cover picture of your reel" })).toBeVisible();
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/reels\/[A-Za-z0-9]{12}$/);
  await expect(page.getByText("Waiting for review").first()).toBeVisible();
});

test("visitors are sent to sign in; a member whose address is not confirmed is told to confirm it", async ({
  page,
}) => {
  await page.goto("/reels/new?stall=abc");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Freels%2Fnew%3Fstall%3Dabc$/);

  await newMember(page, { name: "Reel Maker", confirmed: false });
  await page.goto("/reels/new");
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address first" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
});

/** Requests over one kept-alive connection, as a phone's browser or an API client sends them. */
function oneConnection() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(appOrigin());
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    new Promise<{ status: number; reused: boolean } | { error: string }>((resolve) => {
      const request = http.request(
        { host: origin.hostname, port: origin.port, method, path, agent, headers },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
          );
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

test("a part refused before it is read does not cost the client its next request on the connection", async ({
  page,
}) => {
  test.skip(test.info().project.name === "mobile", "the same server whatever the width");
  await newMember(page, { name: "Reel Maker", confirmed: true });
  const started = await page.request.post("/api/reels/uploads", {
    data: { size: 3_000_000, type: "video/mp4" },
    headers: { Origin: appOrigin() },
  });
  expect(started.status()).toBe(201);
  const { upload_id, part_bytes } = (await started.json()) as { upload_id: string; part_bytes: number };
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const signedIn = { Cookie: cookie, Origin: appOrigin(), "Content-Type": "application/octet-stream" };
  const body = Buffer.alloc(256 * 1024, 7);
  const refusals: [string, Record<string, string>, number][] = [
    [`/api/reels/uploads/${upload_id}/parts/1`, signedIn, 400], // not the part's length
    ["/api/reels/uploads/AAAAAAAAAAAAAAAAAAAAAAAA/parts/1", signedIn, 404], // no such upload
    ["/api/reels/uploads/not-an-id/parts/1", signedIn, 400],
    [`/api/reels/uploads/${upload_id}/parts/1`, {}, 401], // a visitor
  ];
  expect(body.length).not.toBe(part_bytes);
  const connection = oneConnection();
  try {
    for (const [path, headers, status] of refusals) {
      expect(await connection.send("PUT", path, headers, body), path).toMatchObject({ status });
      // The same socket carries the next request, and it is answered.
      expect(await connection.send("GET", "/api/health"), `the request after ${path}`).toEqual({
        status: 200,
        reused: true,
      });
    }
  } finally {
    connection.close();
  }
});

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { reels, reelUploads, stalls } from "~/db/schema";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import { REEL_FILE_MESSAGE, REEL_MAX_BYTES, REEL_PART_BYTES, REELS_PER_DAY } from "~/lib/schemas/reels";
import { mediaObjectKey } from "~/models/media.server";
import {
  abortStaleReelUploads,
  DAILY_REEL_LIMIT,
  REEL_NOT_FAST_START,
  REEL_POSTER_INVALID,
  REEL_UPLOAD_NOT_FOUND,
} from "~/models/reel/reel.server";
import { createSignedInUser, createStall, insertReel } from "../factories";
import longMp4 from "../fixtures/reels/61s.mp4?inline";
import webmClip from "../fixtures/reels/clip.webm?inline";
import fastStartMp4 from "../fixtures/reels/faststart.mp4?inline";
import hevcMp4 from "../fixtures/reels/hevc.mp4?inline";
import noCuesWebm from "../fixtures/reels/no-cues.webm?inline";
import slowStartMp4 from "../fixtures/reels/not-faststart.mp4?inline";
import pngNamedMp4 from "../fixtures/reels/png-renamed.mp4?inline";
import posterJpeg from "../fixtures/reels/poster.jpg?inline";
import { PLAIN_JPEG } from "../images";

// Uploading a reel through the API (issue 21, ADR 027), with real D1 and R2 in workerd: begin an upload, send its
// parts, finish it with the form, and every refusal on the way. The fixtures are tiny clips made with ffmpeg
// (160x284): 2 s H.264/AAC MP4s with the index first and last, a 61 s one, 2 s VP9/Opus WebMs with cues and
// without (written to a pipe, as a recorder writes), an HEVC MP4 and a PNG named .mp4.

/** A fixture's bytes (Vite inlines it as a data: URL). */
const bytesOf = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));
const FAST_START = bytesOf(fastStartMp4);
const WEBM = bytesOf(webmClip);
const POSTER = bytesOf(posterJpeg);

const db = getDb(env.DB);

const sha256 = async (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)).join(",");

type Json = Record<string, unknown> & { error?: string; field?: string };

async function call(path: string, init: RequestInit = {}, token?: string) {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await api.request(path, { ...init, headers }, env);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as Json,
  };
}

const start = (token: string | undefined, size: number, type = "video/mp4") =>
  call(
    "/api/reels/uploads",
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ size, type }) },
    token,
  );

const sendPart = (
  token: string | undefined,
  uploadId: string,
  n: number | string,
  bytes: Uint8Array<ArrayBuffer>,
) =>
  call(
    `/api/reels/uploads/${uploadId}/parts/${n}`,
    {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.byteLength) },
      body: bytes,
    },
    token,
  );

function reelForm(fields: {
  upload_id: string;
  parts: unknown;
  stall_id: string;
  caption?: string;
  poster?: Uint8Array<ArrayBuffer> | null;
}) {
  const form = new FormData();
  form.append("upload_id", fields.upload_id);
  form.append("parts", typeof fields.parts === "string" ? fields.parts : JSON.stringify(fields.parts));
  form.append("stall_id", fields.stall_id);
  if (fields.caption !== undefined) form.append("caption", fields.caption);
  if (fields.poster !== null)
    form.append("poster", new File([fields.poster ?? POSTER], "poster.jpg", { type: "image/jpeg" }));
  return form;
}

/** POST /api/reels with the form encoded as a browser sends it, its length declared. */
async function finish(token: string | undefined, form: FormData) {
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const headers = {
    "Content-Type": encoded.headers.get("Content-Type") ?? "",
    "Content-Length": String(body.byteLength),
  };
  return call("/api/reels", { method: "POST", headers, body }, token);
}

/** Begins an upload of `bytes` and sends every part; answers the upload's id and the parts' etags. */
async function upload(token: string, bytes: Uint8Array<ArrayBuffer>, type = "video/mp4") {
  const started = await start(token, bytes.byteLength, type);
  expect(started.status).toBe(201);
  const uploadId = started.body.upload_id as string;
  const parts = [];
  for (let n = 1; n <= (started.body.part_count as number); n++) {
    const sent = await sendPart(
      token,
      uploadId,
      n,
      bytes.subarray((n - 1) * REEL_PART_BYTES, n * REEL_PART_BYTES),
    );
    expect(sent.status).toBe(200);
    parts.push(sent.body);
  }
  return { uploadId, parts };
}

/** Every object under media/ in R2, by key. */
async function mediaObjects() {
  const listed = await env.PHOTOS.list({ prefix: "media/" });
  return listed.objects.map((object) => object.key).sort();
}

const uploadRow = async (uploadId: string) =>
  (await db.select().from(reelUploads).where(eq(reelUploads.id, uploadId)))[0];

describe("uploading a reel", () => {
  it("takes a fast-start MP4 in one part and makes a pending reel with what the file says", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const started = await start(user.token, FAST_START.byteLength);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      upload_id: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      part_bytes: REEL_PART_BYTES,
      part_count: 1,
    });
    const uploadId = started.body.upload_id as string;
    const sent = await sendPart(user.token, uploadId, 1, FAST_START);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ part_number: 1, etag: expect.any(String) });

    const created = await finish(
      user.token,
      reelForm({
        upload_id: uploadId,
        parts: [sent.body],
        stall_id: stall.shopUniqueId,
        caption: "Best #chaat",
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{12}$/), status: "pending" });

    const [reel] = await db
      .select()
      .from(reels)
      .where(eq(reels.publicId, created.body.id as string));
    const [pinned] = await db.select().from(stalls).where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    expect(reel).toMatchObject({
      userId: user.id,
      stallId: pinned?.id,
      gridCell: pinned?.gridCell,
      caption: "Best #chaat",
      status: "pending",
      videoType: "video/mp4",
      videoBytes: FAST_START.byteLength,
      durationMs: 2000,
      width: 160,
      height: 284,
      videoKey: expect.stringMatching(/^[A-Za-z0-9]{24}\.mp4$/),
      posterKey: expect.stringMatching(/^[A-Za-z0-9]{24}\.jpg$/),
    });
    const video = await env.PHOTOS.get(mediaObjectKey(reel?.videoKey ?? ""));
    expect(video?.httpMetadata?.contentType).toBe("video/mp4");
    expect(new Uint8Array((await video?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(FAST_START);
    const poster = await env.PHOTOS.get(mediaObjectKey(reel?.posterKey ?? ""));
    expect(poster?.httpMetadata?.contentType).toBe("image/jpeg");
    // Stored as Nukkad's encoder wrote it, never as the bytes sent (issue 33 §5).
    const stored = new Uint8Array((await poster?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(stored.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    expect(stored).not.toEqual(POSTER);
    expect(await uploadRow(uploadId)).toBeUndefined();
  });

  it("takes a VP9/Opus WebM", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const { uploadId, parts } = await upload(user.token, WEBM, "video/webm");
    const created = await finish(
      user.token,
      reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId }),
    );
    expect(created.status).toBe(201);
    const [reel] = await db
      .select()
      .from(reels)
      .where(eq(reels.publicId, created.body.id as string));
    expect(reel).toMatchObject({
      videoType: "video/webm",
      durationMs: 2007,
      width: 160,
      height: 284,
      caption: "",
    });
    expect(reel?.videoKey).toMatch(/\.webm$/);
    expect(reel?.posterKey).toMatch(/\.jpg$/);
  });

  it("takes a WebM without cues, as MediaRecorder writes them, timing it by its clusters", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const { uploadId, parts } = await upload(user.token, bytesOf(noCuesWebm), "video/webm");
    const created = await finish(
      user.token,
      reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId }),
    );
    expect(created.status).toBe(201);
    const [reel] = await db
      .select()
      .from(reels)
      .where(eq(reels.publicId, created.body.id as string));
    expect(reel?.durationMs).toBe(2007);
  });

  it("sends a large video in parts of 8 MiB, and a part sent again replaces the first (a resumed upload)", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    // The MP4 followed by a `free` box: a valid file of just over one part.
    const padding = REEL_PART_BYTES + 100_000;
    const large = new Uint8Array(FAST_START.byteLength + padding);
    large.set(FAST_START);
    new DataView(large.buffer).setUint32(FAST_START.byteLength, padding);
    large.set(new TextEncoder().encode("free"), FAST_START.byteLength + 4);
    const started = await start(user.token, large.byteLength);
    expect(started.body.part_count).toBe(2);
    const uploadId = started.body.upload_id as string;
    const garbled = new Uint8Array(REEL_PART_BYTES).fill(7);
    expect((await sendPart(user.token, uploadId, 1, garbled)).status).toBe(200);
    const second = await sendPart(user.token, uploadId, 2, large.subarray(REEL_PART_BYTES));
    const first = await sendPart(user.token, uploadId, 1, large.subarray(0, REEL_PART_BYTES));
    const created = await finish(
      user.token,
      reelForm({ upload_id: uploadId, parts: [first.body, second.body], stall_id: stall.shopUniqueId }),
    );
    expect(created.status).toBe(201);
    const [reel] = await db
      .select()
      .from(reels)
      .where(eq(reels.publicId, created.body.id as string));
    expect(reel).toMatchObject({ videoBytes: large.byteLength, durationMs: 2000 });
    const stored = await env.PHOTOS.get(mediaObjectKey(reel?.videoKey ?? ""));
    // Compared by digest: a failing toEqual would print a diff of 8 MB.
    expect(await sha256((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toBe(await sha256(large));
  });
});

describe("videos Nukkad does not take", () => {
  it.each([
    ["a PNG named .mp4", pngNamedMp4, "video/mp4", REEL_FILE_MESSAGE],
    ["a 61 second clip", longMp4, "video/mp4", REEL_FILE_MESSAGE],
    ["an MP4 whose index comes after its media", slowStartMp4, "video/mp4", REEL_NOT_FAST_START],
    ["an HEVC MP4", hevcMp4, "video/mp4", REEL_FILE_MESSAGE],
    ["an MP4 declared as WebM", fastStartMp4, "video/webm", REEL_FILE_MESSAGE],
  ])("refuses %s beside video, leaving nothing in R2", async (_name, fixture, type, message) => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const before = await mediaObjects();
    const { uploadId, parts } = await upload(user.token, bytesOf(fixture), type);
    const refused = await finish(
      user.token,
      reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: message, field: "video" });
    expect(await mediaObjects()).toEqual(before);
    expect(await uploadRow(uploadId)).toBeUndefined();
    expect(await db.select().from(reels).where(eq(reels.userId, user.id))).toEqual([]);
  });

  it.each([
    [REEL_MAX_BYTES + 1, "size"],
    [51 * 1024 * 1024, "size"],
    [0, "size"],
    [1.5, "size"],
    ["1000", "size"],
  ])("refuses to begin an upload of %s bytes", async (size, field) => {
    const user = await createSignedInUser(env);
    const response = await call(
      "/api/reels/uploads",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ size, type: "video/mp4" }),
      },
      user.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(await db.select().from(reelUploads).where(eq(reelUploads.userId, user.id))).toEqual([]);
  });

  it("refuses a type other than MP4 or WebM, and a missing one", async () => {
    const user = await createSignedInUser(env);
    expect((await start(user.token, 1000, "video/quicktime")).body).toMatchObject({ field: "type" });
    const missing = await call(
      "/api/reels/uploads",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ size: 1000 }),
      },
      user.token,
    );
    expect(missing).toMatchObject({ status: 400, body: { field: "type" } });
  });
});

describe("parts", () => {
  it("refuses a part larger than a part, one of the wrong size, a number past the last, and no Content-Length", async () => {
    const user = await createSignedInUser(env);
    const started = await start(user.token, REEL_PART_BYTES + 10);
    const uploadId = started.body.upload_id as string;
    expect((await sendPart(user.token, uploadId, 1, new Uint8Array(REEL_PART_BYTES + 1))).status).toBe(413);
    // Every part but the last is exactly REEL_PART_BYTES, and the last what remains of the declared size.
    expect(await sendPart(user.token, uploadId, 1, new Uint8Array(1000))).toMatchObject({
      status: 400,
      body: { field: "part" },
    });
    expect((await sendPart(user.token, uploadId, 2, new Uint8Array(11))).status).toBe(400);
    expect(await sendPart(user.token, uploadId, 3, new Uint8Array(10))).toMatchObject({
      status: 400,
      body: { field: "part_number" },
    });
    for (const n of ["0", "-1", "x", "1.5"])
      expect(await sendPart(user.token, uploadId, n, new Uint8Array(10))).toMatchObject({
        status: 400,
        body: { field: "part_number" },
      });
    const chunked = await call(
      `/api/reels/uploads/${uploadId}/parts/2`,
      {
        method: "PUT",
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(10));
            controller.close();
          },
        }),
      },
      user.token,
    );
    expect(chunked.status).toBe(411);
    expect((await sendPart(user.token, uploadId, 2, new Uint8Array(10))).status).toBe(200);
  });

  it("refuses a body shorter than its Content-Length", async () => {
    const user = await createSignedInUser(env);
    const uploadId = (await start(user.token, 100)).body.upload_id as string;
    const short = await call(
      `/api/reels/uploads/${uploadId}/parts/1`,
      {
        method: "PUT",
        headers: { "Content-Length": "100" },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(60));
            controller.close();
          },
        }),
      },
      user.token,
    );
    expect(short).toMatchObject({ status: 400, body: { field: "part" } });
  });

  it("answers 404 for someone else's upload and an unknown one", async () => {
    const owner = await createSignedInUser(env);
    const other = await createSignedInUser(env);
    const stall = await createStall(env);
    const { uploadId, parts } = await upload(owner.token, FAST_START);
    const notFound = { status: 404, body: { error: REEL_UPLOAD_NOT_FOUND, field: "upload_id" } };
    expect(await sendPart(other.token, uploadId, 1, FAST_START)).toMatchObject(notFound);
    expect(await call(`/api/reels/uploads/${uploadId}`, { method: "DELETE" }, other.token)).toMatchObject(
      notFound,
    );
    expect(
      await finish(other.token, reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId })),
    ).toMatchObject(notFound);
    expect(await sendPart(owner.token, "a".repeat(24), 1, FAST_START)).toMatchObject(notFound);
    expect(await sendPart(owner.token, "not-an-upload", 1, FAST_START)).toMatchObject({
      status: 400,
      body: { field: "upload_id" },
    });
    // Still the owner's to finish.
    const created = await finish(
      owner.token,
      reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId }),
    );
    expect(created.status).toBe(201);
  });
});

describe("the form that finishes an upload", () => {
  it("refuses a poster that is not a whole JPEG, or none, keeping the upload for another try", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const { uploadId, parts } = await upload(user.token, FAST_START);
    const fields = { upload_id: uploadId, parts, stall_id: stall.shopUniqueId };
    const posterRefused = { status: 400, body: { error: REEL_POSTER_INVALID, field: "poster" } };
    const png = Uint8Array.from(atob(pngNamedMp4.slice(pngNamedMp4.indexOf(",") + 1)), (c) =>
      c.charCodeAt(0),
    );
    // The security review's poster: JPEG magic bytes, then HTML. And a WebP, which Nukkad cannot decode to check.
    const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
    const jpegThenHtml = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...html]);
    const webp = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
    for (const poster of [
      new TextEncoder().encode("not an image at all"),
      png,
      new Uint8Array(),
      jpegThenHtml,
      webp,
    ])
      expect(await finish(user.token, reelForm({ ...fields, poster }))).toMatchObject(posterRefused);
    expect(await finish(user.token, reelForm({ ...fields, poster: null }))).toMatchObject(posterRefused);
    const large = new Uint8Array(1024 * 1024 + 1);
    large.set(PLAIN_JPEG);
    expect((await finish(user.token, reelForm({ ...fields, poster: large }))).status).toBe(413);
    expect(await uploadRow(uploadId)).toBeDefined();
    expect((await finish(user.token, reelForm(fields))).status).toBe(201);
  });

  it("refuses an unknown stall and one not yet approved beside stall_id", async () => {
    const user = await createSignedInUser(env);
    const pending = await createStall(env, { status: "pending" });
    const { uploadId, parts } = await upload(user.token, FAST_START);
    for (const stallId of ["no-such-stall", pending.shopUniqueId])
      expect(
        await finish(user.token, reelForm({ upload_id: uploadId, parts, stall_id: stallId })),
      ).toMatchObject({
        status: 400,
        body: { field: "stall_id" },
      });
    expect(await finish(user.token, reelForm({ upload_id: uploadId, parts, stall_id: "" }))).toMatchObject({
      status: 400,
      body: { field: "stall_id" },
    });
    expect(await uploadRow(uploadId)).toBeDefined();
  });

  it("refuses parts that are not JSON, missing ones, a caption too long and a form that is not a form", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const uploadId = (await start(user.token, FAST_START.byteLength)).body.upload_id as string;
    const fields = { upload_id: uploadId, stall_id: stall.shopUniqueId };
    expect(await finish(user.token, reelForm({ ...fields, parts: "[{" }))).toMatchObject({
      status: 400,
      body: { field: "parts" },
    });
    expect(await finish(user.token, reelForm({ ...fields, parts: [] }))).toMatchObject({
      status: 400,
      body: { field: "parts" },
    });
    // Part 1 was never sent: R2 cannot assemble the file, and the upload stays to be sent.
    expect(
      await finish(user.token, reelForm({ ...fields, parts: [{ part_number: 1, etag: "made-up" }] })),
    ).toMatchObject({ status: 400, body: { field: "parts" } });
    expect(await uploadRow(uploadId)).toBeDefined();
    expect(
      await finish(
        user.token,
        reelForm({ ...fields, parts: [{ part_number: 1, etag: "x" }], caption: "x".repeat(301) }),
      ),
    ).toMatchObject({ status: 400, body: { field: "caption" } });
    const text = JSON.stringify(fields);
    const json = await call(
      "/api/reels",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(text.length) },
        body: text,
      },
      user.token,
    );
    expect(json.status).toBe(400);
  });

  it("refuses a form of no declared length (chunked) with 411 before reading it, keeping the upload", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const { uploadId, parts } = await upload(user.token, FAST_START);
    const form = reelForm({ upload_id: uploadId, parts, stall_id: stall.shopUniqueId });
    const encoded = new Response(form);
    const chunked = await call(
      "/api/reels",
      {
        method: "POST",
        headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
        body: encoded.body,
      },
      user.token,
    );
    expect(chunked).toMatchObject({ status: 411, body: { error: "Content-Length is required" } });
    expect(await uploadRow(uploadId)).toBeDefined();
    expect((await finish(user.token, form)).status).toBe(201);
  });
});

describe("who may upload", () => {
  it("answers 401 to a visitor on every step", async () => {
    const owner = await createSignedInUser(env);
    const uploadId = (await start(owner.token, 100)).body.upload_id as string;
    expect((await start(undefined, 100)).status).toBe(401);
    expect((await sendPart(undefined, uploadId, 1, new Uint8Array(100))).status).toBe(401);
    expect((await call(`/api/reels/uploads/${uploadId}`, { method: "DELETE" })).status).toBe(401);
    const form = reelForm({ upload_id: uploadId, parts: [{ part_number: 1, etag: "x" }], stall_id: "abc" });
    expect((await finish(undefined, form)).status).toBe(401);
  });

  it("refuses someone whose e-mail address is not confirmed", async () => {
    const user = await createSignedInUser(env, { verified: false });
    expect(await start(user.token, 100)).toMatchObject({ status: 403, body: { error: CONFIRM_EMAIL_FIRST } });
  });

  it(`allows ${REELS_PER_DAY} reels and uploads begun in 24 hours, then answers 429 with Retry-After`, async () => {
    const user = await createSignedInUser(env, { established: true });
    const hourAgo = Date.now() - 60 * 60 * 1000;
    await insertReel(env, user.id, { status: "pending", createdAt: hourAgo });
    await insertReel(env, user.id, { createdAt: hourAgo + 1000 });
    // Older than a day: no longer counted.
    await insertReel(env, user.id, { createdAt: Date.now() - 25 * 60 * 60 * 1000 });
    for (let i = 0; i < REELS_PER_DAY - 2; i++) expect((await start(user.token, 100)).status).toBe(201);
    const refused = await start(user.token, 100);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(DAILY_REEL_LIMIT.message);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(22 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(23 * 60 * 60);
    // Someone else is not held back by it.
    expect((await start((await createSignedInUser(env)).token, 100)).status).toBe(201);
  });
});

describe("ending uploads", () => {
  it("cancels an upload: R2 forgets its parts and its id answers 404", async () => {
    const user = await createSignedInUser(env);
    const { uploadId } = await upload(user.token, FAST_START);
    const row = await uploadRow(uploadId);
    const cancelled = await call(`/api/reels/uploads/${uploadId}`, { method: "DELETE" }, user.token);
    expect(cancelled.status).toBe(204);
    expect(await uploadRow(uploadId)).toBeUndefined();
    await expect(
      env.PHOTOS.resumeMultipartUpload(mediaObjectKey(row?.videoKey ?? ""), row?.uploadId ?? "").uploadPart(
        1,
        "late",
      ),
    ).rejects.toThrow();
    expect((await sendPart(user.token, uploadId, 1, FAST_START)).status).toBe(404);
    expect((await call(`/api/reels/uploads/${uploadId}`, { method: "DELETE" }, user.token)).status).toBe(404);
  });

  it("aborts uploads begun more than 24 hours ago, and keeps younger ones", async () => {
    const user = await createSignedInUser(env);
    const old = (await upload(user.token, FAST_START)).uploadId;
    const young = (await upload(user.token, FAST_START)).uploadId;
    const now = Date.now();
    await db
      .update(reelUploads)
      .set({ createdAt: now - 25 * 60 * 60 * 1000 })
      .where(eq(reelUploads.id, old));
    await db
      .update(reelUploads)
      .set({ createdAt: now - 60 * 60 * 1000 })
      .where(eq(reelUploads.id, young));
    const oldRow = await uploadRow(old);
    expect(await abortStaleReelUploads(db, env.PHOTOS, now)).toBe(1);
    expect(await uploadRow(old)).toBeUndefined();
    expect(await uploadRow(young)).toBeDefined();
    await expect(
      env.PHOTOS.resumeMultipartUpload(
        mediaObjectKey(oldRow?.videoKey ?? ""),
        oldRow?.uploadId ?? "",
      ).uploadPart(1, "late"),
    ).rejects.toThrow();
    expect((await sendPart(user.token, young, 1, FAST_START)).status).toBe(200);
  });
});

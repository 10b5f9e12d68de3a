import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { photos } from "~/db/schema";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import {
  DAILY_UPLOAD_LIMIT,
  SMALL_PHOTO_INVALID,
  SMALL_PHOTO_TOO_LARGE,
  smallPhotoKey,
} from "~/models/photo.server";
import worker from "../../workers/app";
import { createSignedInUser } from "../factories";
import { contains, GPS_JPEG, PLAIN_JPEG } from "../images";

// A real 1x1 PNG, and the first bytes of a JPEG: the server looks at nothing but the leading bytes.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = new TextEncoder().encode("RIFF\x24\x00\x00\x00WEBPVP8 ");
const HTML = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

function imageForm(bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
  const form = new FormData();
  form.append("image", new File([bytes], name, { type }));
  return form;
}

async function upload(body: FormData | string | null, token?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}`, ...extra } : extra;
  const response = await api.request("/api/shop/upload", { method: "POST", body, headers }, env);
  return { status: response.status, body: (await response.json()) as { url?: string; error?: string } };
}

const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
async function getPhoto(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, { headers }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("POST /api/shop/upload", () => {
  it("stores a PNG in R2 under a random key and answers its URL", async () => {
    const user = await createSignedInUser(env);
    const { status, body } = await upload(imageForm(PNG, "stall.png", "image/png"), user.token);
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/photos\/[A-Za-z0-9_-]{24}\.png$/);
    const key = body.url?.slice("/photos/".length) ?? "";
    const object = await env.PHOTOS.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(PNG);
    const [row] = await getDb(env.DB).select().from(photos).where(eq(photos.key, key));
    expect(row).toMatchObject({ userId: user.id, stallId: null, contentType: "image/png", size: PNG.length });
  });

  it("goes by the bytes, not by the file's name or declared type", async () => {
    const user = await createSignedInUser(env);
    const jpeg = await upload(imageForm(JPEG, "photo.png", "text/plain"), user.token);
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.url).toMatch(/\.jpg$/);
    const webp = await upload(imageForm(WEBP, "photo", "application/octet-stream"), user.token);
    expect(webp.body.url).toMatch(/\.webp$/);
  });

  it.each([
    ["an HTML file named .jpg", imageForm(HTML, "cute.jpg", "image/jpeg")],
    ["an SVG image", imageForm(SVG, "logo.svg", "image/svg+xml")],
    ["an empty file", imageForm(new Uint8Array(), "empty.png", "image/png")],
  ])("refuses %s", async (_name, form) => {
    const user = await createSignedInUser(env);
    const { status, body } = await upload(form, user.token);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Please select a valid image file", field: "image" });
    expect(await getDb(env.DB).select().from(photos).where(eq(photos.userId, user.id))).toEqual([]);
  });

  it("refuses a form without the image field, a text field, and a body that is not a form", async () => {
    const user = await createSignedInUser(env);
    const other = new FormData();
    other.append("photo", new File([PNG], "a.png"));
    const text = new FormData();
    text.append("image", "not a file");
    for (const body of [other, text, "just text"]) {
      expect((await upload(body, user.token)).status).toBe(400);
    }
  });

  it("refuses images over 5 MB", async () => {
    const user = await createSignedInUser(env);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const { status, body } = await upload(imageForm(big, "big.png", "image/png"), user.token);
    expect(status).toBe(413);
    expect(body.error).toBe("File size must be less than 5MB");
  });

  it("accepts an image of exactly 5 MB", async () => {
    const user = await createSignedInUser(env);
    const limit = new Uint8Array(5 * 1024 * 1024);
    limit.set(PNG);
    expect((await upload(imageForm(limit, "limit.png", "image/png"), user.token)).status).toBe(201);
  });

  it("needs a signed-in user with a confirmed e-mail address", async () => {
    expect(await upload(imageForm(PNG, "a.png", "image/png"))).toEqual({
      status: 401,
      body: { error: "Please log in first!" },
    });
    const unconfirmed = await createSignedInUser(env, { verified: false });
    expect(await upload(imageForm(PNG, "a.png", "image/png"), unconfirmed.token)).toEqual({
      status: 403,
      body: { error: CONFIRM_EMAIL_FIRST },
    });
  });

  it("stops at 60 uploads in 24 hours", async () => {
    const user = await createSignedInUser(env);
    const db = getDb(env.DB);
    const now = Date.now();
    const rows = Array.from({ length: 60 }, (_, i) => ({
      key: `earlierupload${String(i).padStart(4, "0")}.png`,
      userId: user.id,
      contentType: "image/png",
      size: 10,
      // The oldest is just over a day old: it no longer counts, so the 61st upload is the 60th of the day.
      createdAt: i === 0 ? now - 25 * 60 * 60 * 1000 : now - i * 1000,
    }));
    // D1 binds at most 100 parameters per statement.
    for (let i = 0; i < rows.length; i += 15) await db.insert(photos).values(rows.slice(i, i + 15));
    expect((await upload(imageForm(PNG, "a.png", "image/png"), user.token)).status).toBe(201);
    expect(await upload(imageForm(PNG, "b.png", "image/png"), user.token)).toEqual({
      status: 429,
      body: { error: DAILY_UPLOAD_LIMIT.message, field: "image" },
    });
  });
});

describe("upload bursts and retries", () => {
  // Audit: 75 parallel uploads were all accepted (limit 60): each read the count before any had written its row.
  it("accepts exactly 60 of 75 parallel uploads, with one R2 object per row and none for the refused", async () => {
    const user = await createSignedInUser(env);
    const objectsBefore = (await env.PHOTOS.list({ limit: 1000 })).objects.length;
    const answers = await Promise.all(
      Array.from({ length: 75 }, (_, i) => upload(imageForm(PNG, `${i}.png`, "image/png"), user.token)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(60);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const rows = await getDb(env.DB).select().from(photos).where(eq(photos.userId, user.id));
    expect(rows).toHaveLength(60);
    const objects = await env.PHOTOS.list({ limit: 1000 });
    const keys = new Set(rows.map((row) => row.key));
    expect(objects.objects.filter((object) => keys.has(object.key))).toHaveLength(60);
    // Nothing else was stored: a refused upload leaves no object behind.
    expect(objects.objects.length - objectsBefore).toBe(60);
    expect(answers.filter((a) => a.status === 201).every((a) => keys.has(a.body.url?.slice(8) ?? ""))).toBe(
      true,
    );
  });

  it("stores one photo for an Idempotency-Key sent twice, and answers the retry with the first answer", async () => {
    const user = await createSignedInUser(env);
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const first = await upload(imageForm(PNG, "a.png", "image/png"), user.token, key);
    const retry = await upload(imageForm(PNG, "a.png", "image/png"), user.token, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    const other = await upload(imageForm(PNG, "a.png", "image/png"), user.token, {
      "Idempotency-Key": crypto.randomUUID(),
    });
    expect(other.body.url).not.toBe(first.body.url);
    expect(await getDb(env.DB).select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(2);
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const user = await createSignedInUser(env);
    const answer = await upload(imageForm(PNG, "a.png", "image/png"), user.token, { "Idempotency-Key": "x" });
    expect(answer.status).toBe(400);
  });
});

// Audit: EXIF (GPS position, device, time) stayed in uploaded JPEGs and was served to everyone.
describe("metadata in uploads", () => {
  it("serves a JPEG uploaded with a GPS EXIF block from /photos/<key> without it", async () => {
    const user = await createSignedInUser(env);
    expect(contains(GPS_JPEG, "Exif")).toBe(true);
    const { status, body } = await upload(imageForm(GPS_JPEG, "holiday.jpg", "image/jpeg"), user.token);
    expect(status).toBe(201);
    const served = new Uint8Array(await (await getPhoto(body.url ?? "")).arrayBuffer());
    expect(served).toEqual(PLAIN_JPEG);
    expect(contains(served, "Exif")).toBe(false);
    const [row] = await getDb(env.DB)
      .select()
      .from(photos)
      .where(eq(photos.key, body.url?.slice("/photos/".length) ?? ""));
    expect(row?.size).toBe(PLAIN_JPEG.length);
  });
});

describe("GET /photos/:key", () => {
  it("serves the photo with its type, an ETag and a long immutable cache", async () => {
    const user = await createSignedInUser(env);
    const { body } = await upload(imageForm(PNG, "stall.png", "image/png"), user.token);
    const response = await getPhoto(body.url ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const again = await getPhoto(body.url ?? "", { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  // Audit: If-Match with a wrong ETag answered 304, as if the browser's copy were current.
  it("answers 412 to If-Match with another ETag, and the photo to a matching one", async () => {
    const user = await createSignedInUser(env);
    const { body } = await upload(imageForm(PNG, "stall.png", "image/png"), user.token);
    const etag = (await getPhoto(body.url ?? "")).headers.get("ETag") ?? "";
    expect((await getPhoto(body.url ?? "", { "If-Match": '"not-the-etag"' })).status).toBe(412);
    expect((await getPhoto(body.url ?? "", { "If-Match": etag })).status).toBe(200);
    expect((await getPhoto(body.url ?? "", { "If-Match": "*" })).status).toBe(200);
    expect((await getPhoto(body.url ?? "", { "If-Match": etag, "If-None-Match": etag })).status).toBe(304);
  });

  // Audit: R2 throws on an entity tag it cannot read, so `If-None-Match: abc` was a 500.
  it("ignores malformed conditions instead of failing", async () => {
    const user = await createSignedInUser(env);
    const { body } = await upload(imageForm(PNG, "stall.png", "image/png"), user.token);
    expect((await getPhoto(body.url ?? "", { "If-None-Match": "abc" })).status).toBe(200);
    expect((await getPhoto(body.url ?? "", { "If-Match": "junk" })).status).toBe(200);
    expect((await getPhoto(body.url ?? "", { "If-Unmodified-Since": "yesterday" })).status).toBe(200);
  });

  it.each([
    "/photos/nosuchphotonosuchphoto00.png",
    "/photos/short.png",
    "/photos/abcdefghijklmnopqrstuvwx.svg",
    "/photos/..%2Fsecrets00000000000000.png",
  ])("answers 404 for %s", async (path) => {
    expect((await getPhoto(path)).status).toBe(404);
  });
});

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** A PNG's signature, header (its width and height) and end: all the server reads of a small copy. */
function pngOfSize(width: number, height: number) {
  return new Uint8Array([
    ...PNG.subarray(0, 8),
    ...be32(13),
    ...ascii("IHDR"),
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
    ...be32(0),
    ...be32(0),
    ...ascii("IEND"),
    ...be32(0),
  ]);
}

function withSmall(small: Uint8Array<ArrayBuffer>, type = "image/png") {
  const form = imageForm(PNG, "stall.png", "image/png");
  form.append("small", new File([small], "small", { type }));
  return form;
}

// Audit: phones downloaded the full photo for a hero a third of its width.
describe("small copies of uploads", () => {
  it("stores the small copy beside the photo, and its URL serves it", async () => {
    const user = await createSignedInUser(env);
    const small = pngOfSize(640, 360);
    const { status, body } = await upload(withSmall(small), user.token);
    expect(status).toBe(201);
    const key = body.url?.slice("/photos/".length) ?? "";
    const served = await getPhoto(`/photos/${smallPhotoKey(key)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(small);
    // The photo itself is unchanged, and one row records both.
    expect(new Uint8Array(await (await getPhoto(body.url ?? "")).arrayBuffer())).toEqual(PNG);
    expect(await getDb(env.DB).select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(1);
  });

  it("serves the photo itself at the small copy's URL when it was uploaded without one", async () => {
    const user = await createSignedInUser(env);
    const { body } = await upload(imageForm(PNG, "stall.png", "image/png"), user.token);
    const key = body.url?.slice("/photos/".length) ?? "";
    const served = await getPhoto(`/photos/${smallPhotoKey(key)}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await getPhoto("/photos/nosuchphotonosuchphoto01-640.png")).status).toBe(404);
  });

  it.each([
    ["wider than 640 px", pngOfSize(641, 360), 400, SMALL_PHOTO_INVALID],
    ["taller than 1280 px", pngOfSize(640, 1281), 400, SMALL_PHOTO_INVALID],
    ["an HTML file", HTML, 400, SMALL_PHOTO_INVALID],
    ["an SVG image", SVG, 400, SMALL_PHOTO_INVALID],
    ["an image whose size cannot be read", JPEG, 400, SMALL_PHOTO_INVALID],
    ["an empty file", new Uint8Array(), 400, SMALL_PHOTO_INVALID],
    [
      "over 300 KB",
      (() => {
        const big = new Uint8Array(300 * 1024 + 1);
        big.set(pngOfSize(640, 360));
        return big;
      })(),
      413,
      SMALL_PHOTO_TOO_LARGE,
    ],
  ])("refuses a small copy %s, and stores neither", async (_name, small, status, error) => {
    const user = await createSignedInUser(env);
    const objectsBefore = (await env.PHOTOS.list({ limit: 1000 })).objects.length;
    expect(await upload(withSmall(small), user.token)).toEqual({ status, body: { error, field: "small" } });
    expect(await getDb(env.DB).select().from(photos).where(eq(photos.userId, user.id))).toEqual([]);
    expect((await env.PHOTOS.list({ limit: 1000 })).objects.length).toBe(objectsBefore);
  });

  it("refuses a small copy sent as text", async () => {
    const user = await createSignedInUser(env);
    const form = imageForm(PNG, "stall.png", "image/png");
    form.append("small", "not a file");
    expect(await upload(form, user.token)).toEqual({
      status: 400,
      body: { error: SMALL_PHOTO_INVALID, field: "small" },
    });
  });
});

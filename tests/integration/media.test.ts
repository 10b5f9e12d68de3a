import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaUrl } from "~/lib/http/media-url";
import { deleteMedia, mediaObjectKey, R2_DELETE_MAX_KEYS } from "~/models/media.server";
import { sendToWorker } from "../worker-fetch";

// GET and HEAD /media/:key through the whole Worker (build first), with real R2 objects: what a video player
// (iOS Safari's `bytes=0-1` probe, Chromium's `bytes=0-` and its seeks) and a browser cache see.

const KEY = "a1B2c3D4e5F6g7H8j9K0m1N2.mp4";
const LARGE_KEY = "Z9y8X7w6V5u4T3s2R1q0P9n8.webm";
const SIZE = 5000;
const LARGE_SIZE = 2 * 1024 * 1024;

/** Bytes whose value tells their position, so any slice can be checked against where it came from. */
function patterned(size: number, seed: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 8)) & 0xff;
  return bytes;
}
const FILE = patterned(SIZE, 7);
const LARGE = patterned(LARGE_SIZE, 3);

let etag = "";

beforeAll(async () => {
  await env.PHOTOS.put(mediaObjectKey(KEY), FILE, { httpMetadata: { contentType: "video/mp4" } });
  await env.PHOTOS.put(mediaObjectKey(LARGE_KEY), LARGE, { httpMetadata: { contentType: "video/webm" } });
  etag = (await env.PHOTOS.head(mediaObjectKey(KEY)))?.httpEtag ?? "";
});

const get = (headers: Record<string, string> = {}, key = KEY) => sendToWorker(mediaUrl(key), { headers });
const head = (headers: Record<string, string> = {}, key = KEY) =>
  sendToWorker(mediaUrl(key), { method: "HEAD", headers });
const body = async (response: Response) => new Uint8Array(await response.arrayBuffer());

function expectCacheableMedia(response: Response, type = "video/mp4") {
  expect(response.headers.get("Content-Type")).toBe(type);
  expect(response.headers.get("Accept-Ranges")).toBe("bytes");
  expect(response.headers.get("ETag")).toBe(etag);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

describe("GET /media/:key", () => {
  it("answers the whole file with 200, its stored type, length, ETag and a year's immutable cache", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expectCacheableMedia(response);
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(response.headers.has("Content-Range")).toBe(false);
    expect(await body(response)).toEqual(FILE);
  });

  it.each([
    ["bytes=0-1", 0, 1],
    ["bytes=100-", 100, SIZE - 1],
    ["bytes=-500", SIZE - 500, SIZE - 1],
    ["bytes=4990-99999", 4990, SIZE - 1],
    ["bytes=0-", 0, SIZE - 1],
    ["bytes=-99999", 0, SIZE - 1],
  ])("answers %s with 206 and those bytes", async (range, first, last) => {
    const response = await get({ Range: range });
    expect(response.status).toBe(206);
    expectCacheableMedia(response);
    expect(response.headers.get("Content-Range")).toBe(`bytes ${first}-${last}/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe(String(last - first + 1));
    expect(await body(response)).toEqual(FILE.subarray(first, last + 1));
  });

  it.each(["bytes=5000-", "bytes=5000-6000", "bytes=99999999999999999999-", "bytes=-0"])(
    "answers the unsatisfiable %s with 416 and the size",
    async (range) => {
      const response = await get({ Range: range });
      expect(response.status).toBe(416);
      expect(response.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
      expect(response.headers.get("Accept-Ranges")).toBe("bytes");
      // A 416 holds for that range only, and caches key on the URL: it must not be kept.
      expect(response.headers.get("Cache-Control")).toBeNull();
      expect(await response.text()).toBe("");
    },
  );

  it.each(["bytes=5-2", "bytes=abc", "bytes=0-1,10-20", "items=0-1", "bytes=0 - 1", ""])(
    "ignores the Range %j and answers the whole file with 200",
    async (range) => {
      const response = await get({ Range: range });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Length")).toBe(String(SIZE));
      expect(await body(response)).toEqual(FILE);
    },
  );

  it("reads a range in the middle of a 2 MB file", async () => {
    const first = 1_048_000;
    const last = 1_112_345;
    const response = await get({ Range: `bytes=${first}-${last}` }, LARGE_KEY);
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Type")).toBe("video/webm");
    expect(response.headers.get("Content-Range")).toBe(`bytes ${first}-${last}/${LARGE_SIZE}`);
    expect(response.headers.get("Content-Length")).toBe(String(last - first + 1));
    const bytes = await body(response);
    expect(bytes.length).toBe(last - first + 1);
    expect(bytes).toEqual(LARGE.subarray(first, last + 1));
  });

  it.each([
    ["an unknown key", "nosuchmedianosuchmedia00.mp4"],
    ["a photo's key", "a1b2c3d4e5f6g7h8i9j0.jpg"],
    ["a key too short", "short.mp4"],
    ["an extension that is not media", "a1B2c3D4e5F6g7H8j9K0m1N2.html"],
    ["a key with a dash", "a1B2c3D4e5F6g7H8j9K0m1N-.mp4"],
    ["a path out of the prefix", "..%2Fa1B2c3D4e5F6g7H8j9K0.mp4"],
  ])("answers 404 for %s, with or without a range", async (_name, key) => {
    expect((await get({}, key)).status).toBe(404);
    expect((await get({ Range: "bytes=0-1" }, key)).status).toBe(404);
    expect((await head({}, key)).status).toBe(404);
  });

  it("never serves an object outside the media prefix, even when its name has the shape of a media key", async () => {
    const stray = "Q1w2E3r4T5y6U7i8O9p0A1s2.mp4";
    await env.PHOTOS.put(stray, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "video/mp4" } });
    expect((await get({}, stray)).status).toBe(404);
    expect((await get({ Range: "bytes=0-1" }, stray)).status).toBe(404);
  });

  it("serves an object stored without a type as bytes the browser must not sniff", async () => {
    const key = "Untyped0Untyped0Untyped0.mp4";
    await env.PHOTOS.put(mediaObjectKey(key), new TextEncoder().encode("<script>alert(1)</script>"));
    const response = await get({}, key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("conditional requests to /media/:key", () => {
  it("answers 304 without a body to a matching If-None-Match, with or without a range", async () => {
    const ranges: Record<string, string>[] = [{}, { Range: "bytes=0-1" }, { Range: "bytes=9000-" }];
    for (const headers of ranges) {
      const response = await get({ ...headers, "If-None-Match": etag });
      expect(response.status).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toBe("");
    }
    expect((await get({ "If-None-Match": '"another"' })).status).toBe(200);
    expect((await get({ "If-None-Match": '"another"', Range: "bytes=0-1" })).status).toBe(206);
  });

  it("answers 412 to If-Match with another ETag, even for an unsatisfiable range", async () => {
    expect((await get({ "If-Match": '"another"' })).status).toBe(412);
    expect((await get({ "If-Match": '"another"', Range: "bytes=0-1" })).status).toBe(412);
    expect((await get({ "If-Match": '"another"', Range: "bytes=9000-" })).status).toBe(412);
    expect((await get({ "If-Match": etag, Range: "bytes=0-1" })).status).toBe(206);
  });

  it("honours If-Range: the range for the current ETag, the whole file for anything else", async () => {
    const current = await get({ Range: "bytes=0-1", "If-Range": etag });
    expect(current.status).toBe(206);
    expect(await body(current)).toEqual(FILE.subarray(0, 2));

    for (const ifRange of ['"another"', `W/${etag}`, "Wed, 25 Nov 2026 10:00:00 GMT"]) {
      const stale = await get({ Range: "bytes=0-1", "If-Range": ifRange });
      expect(stale.status).toBe(200);
      expect(stale.headers.has("Content-Range")).toBe(false);
      expect(await body(stale)).toEqual(FILE);
    }
    // A failed If-Range makes even an unsatisfiable range the whole file, and without a Range it changes nothing.
    expect((await get({ Range: "bytes=9000-", "If-Range": '"another"' })).status).toBe(200);
    expect((await get({ "If-Range": '"another"' })).status).toBe(200);
  });

  // Audit: R2 throws on an entity tag it cannot read, so `If-None-Match: abc` was a 500; and it took a date it
  // could not parse as a failed If-Unmodified-Since (412). RFC 9110 has malformed conditions ignored.
  it.each([
    ["an unquoted If-None-Match", { "If-None-Match": "garbage" }],
    ["an If-Match list with junk", { "If-Match": `junk, "${"x".repeat(300)}"` }],
    ["an If-Modified-Since that is not a date", { "If-Modified-Since": "yesterday" }],
    ["an If-Unmodified-Since that is not a date", { "If-Unmodified-Since": "yesterday" }],
  ])("ignores %s", async (_name, headers) => {
    const response = await get({ ...headers, Range: "bytes=0-1" });
    expect(response.status).toBe(206);
    expect(await body(response)).toEqual(FILE.subarray(0, 2));
    expect((await get({ ...headers, "If-None-Match": etag })).status).toBe(304);
  });
});

describe("HEAD /media/:key", () => {
  it("answers what GET would, without the body", async () => {
    const whole = await head();
    expect(whole.status).toBe(200);
    expectCacheableMedia(whole);
    expect(whole.headers.get("Content-Length")).toBe(String(SIZE));
    expect(await whole.text()).toBe("");

    const range = await head({ Range: "bytes=0-1" });
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe(`bytes 0-1/${SIZE}`);
    expect(range.headers.get("Content-Length")).toBe("2");
    expect(await range.text()).toBe("");

    expect((await head({ Range: "bytes=9000-" })).status).toBe(416);
    expect((await head({ "If-None-Match": etag })).status).toBe(304);
  });
});

describe("deleting media", () => {
  it("deletes more keys than R2 takes in one call (a deleted account's many reels), each call within the limit", async () => {
    const keys = Array.from(
      { length: 2 * R2_DELETE_MAX_KEYS + 1 },
      (_, i) => `del${String(i).padStart(21, "0")}.mp4`,
    );
    // Stored objects at the edges of each call's share, and the last key alone in a call of its own.
    const stored = [0, R2_DELETE_MAX_KEYS - 1, R2_DELETE_MAX_KEYS, keys.length - 1].map((i) => keys[i] ?? "");
    for (const key of stored) await env.PHOTOS.put(mediaObjectKey(key), FILE);
    const callSizes: number[] = [];
    const bucket = {
      delete: (objects: string[]) => {
        callSizes.push(objects.length);
        return env.PHOTOS.delete(objects);
      },
    } as unknown as R2Bucket;

    await deleteMedia(bucket, keys);
    expect(callSizes).toEqual([R2_DELETE_MAX_KEYS, R2_DELETE_MAX_KEYS, 1]);
    for (const key of stored) {
      expect(await env.PHOTOS.head(mediaObjectKey(key))).toBeNull();
      expect((await sendToWorker(`/media/${key}`)).status).toBe(404);
    }
  });
});

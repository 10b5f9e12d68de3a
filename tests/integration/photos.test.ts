import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { photos, stalls } from "~/db/schema";
import { absoluteImageUrl, photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { removeStallPhotos, smallPhotoKey, smallPhotoUrl } from "~/models/photo.server";
import worker from "../../workers/app";
import { createStall } from "../factories";

const KEY_A = "a1b2c3d4e5f6g7h8i9j0.jpg";
const KEY_B = "z9y8x7w6v5u4t3s2r1q0.webp";

describe("photo URLs", () => {
  // Audit: `https://evil.example/photos/<own key>.jpg` was taken as our photo because only the path was read, so a
  // stall (and its og:image) could point off-site. Only `/photos/<key>` or the bare key are ours now.
  it("reads the key of our own photo paths and bare keys only, never of an absolute URL", () => {
    expect(photoKeyFromUrl(photoUrl(KEY_A))).toBe(KEY_A);
    expect(photoKeyFromUrl(KEY_B)).toBe(KEY_B);
    expect(photoKeyFromUrl(`https://evil.example/photos/${KEY_B}`)).toBeNull();
    expect(photoKeyFromUrl(`https://nukkad.example/photos/${KEY_B}`)).toBeNull();
    expect(photoKeyFromUrl(`//evil.example/photos/${KEY_B}`)).toBeNull();
    expect(photoKeyFromUrl("/stalls/dosa.svg")).toBeNull();
    expect(photoKeyFromUrl("/photos/../secrets.jpg")).toBeNull();
    expect(photoKeyFromUrl("not a url")).toBeNull();
  });
});

describe("absoluteImageUrl", () => {
  it("puts our own paths on the configured origin and refuses anything that would leave it", () => {
    const origin = "https://nukkad.example";
    expect(absoluteImageUrl(origin, photoUrl(KEY_A))).toBe(`${origin}/photos/${KEY_A}`);
    expect(absoluteImageUrl(origin, "/stalls/dosa.svg")).toBe(`${origin}/stalls/dosa.svg`);
    expect(absoluteImageUrl(origin, `https://evil.example/photos/${KEY_A}`)).toBeNull();
    expect(absoluteImageUrl(origin, `//evil.example/photos/${KEY_A}`)).toBeNull();
    expect(absoluteImageUrl(origin, "/\\evil.example/x.jpg")).toBeNull();
    expect(absoluteImageUrl(origin, null)).toBeNull();
  });
});

describe("small copies", () => {
  it("live beside the photo, named after it, and only our photos have one", () => {
    expect(smallPhotoKey(KEY_A)).toBe("a1b2c3d4e5f6g7h8i9j0-640.jpg");
    expect(smallPhotoUrl(photoUrl(KEY_B))).toBe("/photos/z9y8x7w6v5u4t3s2r1q0-640.webp");
    expect(smallPhotoUrl("/stalls/dosa.svg")).toBeNull();
    expect(smallPhotoUrl(`https://elsewhere.example${photoUrl(KEY_A)}`)).toBeNull();
  });
});

describe("the stall page's hero", () => {
  async function heroOf(images: string[]) {
    const stall = await createStall(env, { images, thumbnailImage: images[0] ?? null });
    const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://127.0.0.1/stall/${stall.shopUniqueId}`),
      { ...env, ASSETS: assets },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const html = await response.text();
    // HTML attributes are case-insensitive: React writes srcSet, fetchPriority and the like in camel case.
    const preloads = html.toLowerCase().match(/<link[^>]*rel="preload"[^>]*as="image"[^>]*>/g) ?? [];
    // One preload for the hero: React writes it for a high-priority image, the page adds none of its own.
    expect(preloads).toHaveLength(1);
    return {
      img: html.toLowerCase().match(/<img[^>]*fetchpriority="high"[^>]*>/)?.[0] ?? "",
      preload: preloads[0] ?? "",
    };
  }

  it("offers phones an uploaded photo's small copy, in the hero and in its preload alike", async () => {
    const { img, preload } = await heroOf([photoUrl(KEY_A), photoUrl(KEY_B)]);
    const srcset = `/photos/${smallPhotoKey(KEY_A)} 640w, /photos/${KEY_A} 1280w`;
    expect(img).toContain(`srcset="${srcset}"`);
    expect(img).toContain('sizes="(min-width: 64rem) 62rem, calc(100vw - 2rem)"');
    expect(img).toContain('fetchpriority="high"');
    expect(preload).toContain(`imagesrcset="${srcset}"`);
    expect(preload).toContain('imagesizes="(min-width: 64rem) 62rem, calc(100vw - 2rem)"');
  });

  it("shows bundled art as it is, a drawing of a kilobyte with no copies", async () => {
    const { img, preload } = await heroOf(["/stalls/dosa.svg"]);
    expect(img).toContain('src="/stalls/dosa.svg"');
    expect(img).not.toContain("srcset");
    expect(preload).toContain('href="/stalls/dosa.svg"');
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).not.toContain("imagesrcset");
  });
});

describe("removeStallPhotos", () => {
  it("deletes the stall's objects and rows, and the stall no longer points at them", async () => {
    const stall = await createStall(env, {
      status: "pending",
      images: [photoUrl(KEY_A), photoUrl(KEY_B)],
      thumbnailImage: photoUrl(KEY_A),
    });
    const db = getDb(env.DB);
    const [row] = await db
      .select({ id: stalls.id })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    const stallId = row?.id ?? 0;
    const unrelated = "unrelatedunrelated01.png";
    for (const key of [KEY_A, KEY_B, unrelated]) {
      await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
      await env.PHOTOS.put(smallPhotoKey(key), new Uint8Array([1]));
      await db.insert(photos).values({
        key,
        stallId: key === unrelated ? null : stallId,
        contentType: "image/jpeg",
        size: 3,
      });
    }

    expect((await removeStallPhotos(db, env.PHOTOS, stallId)).sort()).toEqual([KEY_A, KEY_B]);

    expect(await env.PHOTOS.head(KEY_A)).toBeNull();
    expect(await env.PHOTOS.head(KEY_B)).toBeNull();
    // Their small copies go with them.
    expect(await env.PHOTOS.head(smallPhotoKey(KEY_A))).toBeNull();
    expect(await env.PHOTOS.head(smallPhotoKey(KEY_B))).toBeNull();
    expect(await env.PHOTOS.head(unrelated)).not.toBeNull();
    expect(await env.PHOTOS.head(smallPhotoKey(unrelated))).not.toBeNull();
    expect((await db.select({ key: photos.key }).from(photos)).map((p) => p.key)).toEqual([unrelated]);
    const [after] = await db
      .select({ images: stalls.images, thumbnail: stalls.thumbnailImage })
      .from(stalls)
      .where(eq(stalls.id, stallId));
    expect(after).toEqual({ images: [], thumbnail: null });
  });

  it("leaves a stall with only bundled art alone", async () => {
    const stall = await createStall(env);
    const db = getDb(env.DB);
    const [row] = await db
      .select({ id: stalls.id })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    expect(await removeStallPhotos(db, env.PHOTOS, row?.id ?? 0)).toEqual([]);
    const [after] = await db
      .select({ images: stalls.images })
      .from(stalls)
      .where(eq(stalls.id, row?.id ?? 0));
    expect(after?.images).toEqual(["/stalls/dosa.svg"]);
  });
});

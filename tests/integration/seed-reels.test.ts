import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MEDIA_KEY_PATTERN } from "~/lib/http/media-url";
import { mentionedUsernames } from "~/lib/rules/post-text";
import { isFastStart, sniffVideoType } from "~/lib/rules/video-type";
import { reelCreateSchema } from "~/lib/schemas/reels";
import { mediaObjectKey, serveMedia } from "~/models/media.server";
import { newStallStatements } from "~/models/stall/stall.server";
import { newUserStatements } from "~/models/user.server";
import { embeddedStalls, SEED_ACCOUNTS, SEED_REVIEWERS } from "../../scripts/seed-data";
import clips from "../../scripts/seed-media/reels/clips.json";
import {
  putSeedReelMedia,
  SEED_REEL_MEDIA,
  SEED_REELS,
  seedReelKey,
  seedReelStatements,
} from "../../scripts/seed-reels";

// The reels a fresh install plays (scripts/seed-reels.ts, scripts/seed.ts): the committed clips themselves, and the
// rows and R2 objects the seed writes, replayed on workerd's D1 and R2.

// The committed files' bytes, inlined by Vite as base64 data URLs (each is well under 300 KB).
const inlined = import.meta.glob<string>("../../scripts/seed-media/reels/*.{mp4,jpg}", {
  query: "?inline",
  import: "default",
  eager: true,
});
function bytesOf(file: string): Uint8Array {
  const url = inlined[`../../scripts/seed-media/reels/${file}`];
  if (!url) throw new Error(`${file} is not committed under scripts/seed-media/reels`);
  return Uint8Array.from(atob(url.slice(url.indexOf(",") + 1)), (c) => c.charCodeAt(0));
}

const everyone = [...SEED_ACCOUNTS, ...SEED_REVIEWERS];
const people = new Set<string>(everyone.map((person) => person.username));
const { approved: stalls } = embeddedStalls(Date.now());
const approvedReels = SEED_REELS.filter((reel) => !reel.pending);
const HOUR_MS = 3_600_000;

describe("the seed reels", () => {
  it("are 6+ approved reels and one waiting for review, each on its own seeded stall, in both cities", () => {
    expect(approvedReels.length).toBeGreaterThanOrEqual(6);
    expect(SEED_REELS.filter((reel) => reel.pending).length).toBeGreaterThanOrEqual(1);
    expect(new Set(SEED_REELS.map((reel) => reel.stall)).size).toBe(SEED_REELS.length);
    expect(new Set(SEED_REELS.map((reel) => reel.clip)).size).toBe(SEED_REELS.length);
    for (const reel of SEED_REELS) {
      const named = stalls.filter((stall) => stall.name === reel.stall);
      expect(named, reel.stall).toHaveLength(1);
      // The clip is drawn from the stall's own picture.
      expect(named[0]?.thumbnailImage).toBe(`/stalls/${reel.clip}.svg`);
    }
    const cities = approvedReels.map((reel) =>
      stalls
        .find((stall) => stall.name === reel.stall)
        ?.location.split(", ")
        .at(-1),
    );
    expect(new Set(cities)).toEqual(new Set(["Bangalore", "Delhi"]));
  });

  it("are posted by seeded people over several days, liked and saved by others, once each", () => {
    const hours = SEED_REELS.map((reel) => reel.hoursAgo);
    expect(Math.min(...hours)).toBeGreaterThan(0);
    expect(Math.max(...hours)).toBeLessThanOrEqual(7 * 24);
    expect(Math.max(...hours) - Math.min(...hours)).toBeGreaterThanOrEqual(72);
    for (const reel of SEED_REELS) {
      expect(people.has(reel.by), reel.by).toBe(true);
      for (const list of [reel.likedBy, reel.savedBy]) {
        expect(new Set(list).size).toBe(list.length);
        expect(list).not.toContain(reel.by);
        for (const person of list) expect(people.has(person), person).toBe(true);
      }
    }
    for (const reel of approvedReels) expect(reel.likedBy.length).toBeGreaterThan(0);
    for (const reel of SEED_REELS.filter((r) => r.pending)) expect(reel.likedBy).toEqual([]);
  });

  it("have captions the upload form accepts unchanged, with #tags and mentions of seeded people only", () => {
    const caption = reelCreateSchema.shape.caption;
    for (const reel of SEED_REELS) {
      expect(caption.parse(reel.caption), reel.caption).toBe(reel.caption);
      expect(reel.caption).toMatch(/#\w/);
      for (const name of mentionedUsernames(reel.caption)) {
        expect(people.has(name), name).toBe(true);
        expect(name).not.toBe(reel.by);
      }
    }
    expect(SEED_REELS.some((reel) => mentionedUsernames(reel.caption).length > 0)).toBe(true);
  });

  it("are committed as vertical fast-start MP4s under 300 KB with JPEG posters, as clips.json describes them", () => {
    const keys = SEED_REEL_MEDIA.map((media) => media.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(MEDIA_KEY_PATTERN);
    for (const reel of SEED_REELS) {
      const clip = clips[reel.clip];
      const video = bytesOf(`${reel.clip}.mp4`);
      expect(sniffVideoType(video)?.contentType, reel.clip).toBe("video/mp4");
      expect(isFastStart(video), reel.clip).toBe(true);
      expect(video.length).toBeLessThan(300 * 1024);
      expect(video.length).toBe(clip.bytes);
      expect(clip.durationMs).toBeGreaterThanOrEqual(5000);
      expect(clip.durationMs).toBeLessThanOrEqual(8000);
      expect(clip.width * 16).toBe(clip.height * 9);
      const poster = bytesOf(`${reel.clip}.jpg`);
      expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(poster.length).toBe(clip.posterBytes);
    }
  });

  it("seed rows whose like counts are their likes and whose keys answer from R2 with byte ranges", async () => {
    const db = getDb(env.DB);
    const ids = new Map<string, string>();
    for (const person of everyone) {
      const { id, statements } = newUserStatements(db, {
        email: person.email,
        passwordHash: null,
        fullName: person.fullName,
        username: person.username,
        role: "role" in person ? person.role : "user",
        emailVerifiedAt: Date.now(),
      });
      await db.batch(statements);
      ids.set(person.username, id);
    }
    for (const stall of stalls) {
      const [first, ...rest] = newStallStatements(db, stall).statements;
      if (first) await db.batch([first, ...rest]);
    }
    const now = Date.now();
    await putSeedReelMedia(env.PHOTOS, bytesOf);
    const [first, ...rest] = seedReelStatements(db, now);
    if (first) await db.batch([first, ...rest]);

    const { results } = await env.DB.prepare(
      `SELECT r.id, r.user_id, r.status, r.like_count, r.save_count, r.video_key, r.poster_key, r.video_bytes,
         r.duration_ms, r.hot_score, r.grid_cell, r.created_at, r.reviewed_by, s.name AS stall, s.grid_cell AS stall_cell,
         (SELECT count(*) FROM reel_likes l WHERE l.reel_id = r.id) AS likes,
         (SELECT count(*) FROM reel_saves v WHERE v.reel_id = r.id) AS saves
       FROM reels r JOIN stalls s ON s.id = r.stall_id ORDER BY r.created_at DESC`,
    ).all<{
      user_id: string;
      status: string;
      like_count: number;
      save_count: number;
      video_key: string;
      poster_key: string;
      video_bytes: number;
      hot_score: number;
      grid_cell: number;
      created_at: number;
      reviewed_by: string | null;
      stall: string;
      stall_cell: number;
      likes: number;
      saves: number;
    }>();
    expect(results).toHaveLength(SEED_REELS.length);
    const approvedRows = results.filter((row) => row.status === "approved");
    expect(approvedRows.length).toBeGreaterThanOrEqual(6);
    const moderator = ids.get(SEED_ACCOUNTS.find((a) => a.role === "moderator")?.username as string);
    for (const row of results) {
      const reel = SEED_REELS.find((r) => r.stall === row.stall);
      if (!reel) throw new Error(`an unexpected reel on ${row.stall}`);
      expect(row.user_id).toBe(ids.get(reel.by));
      expect(row.status).toBe(reel.pending ? "pending" : "approved");
      expect(row.reviewed_by).toBe(reel.pending ? null : moderator);
      // Ranked in For You from the start; a pending reel is in no feed.
      if (reel.pending) expect(row.hot_score).toBe(0);
      else expect(row.hot_score).toBeGreaterThan(0);
      expect(row.like_count).toBe(row.likes);
      expect(row.like_count).toBe(reel.likedBy.length);
      expect(row.save_count).toBe(row.saves);
      expect(row.grid_cell).toBe(row.stall_cell);
      expect(row.created_at).toBe(now - reel.hoursAgo * HOUR_MS);
      expect(row.video_key).toBe(seedReelKey(reel.clip, "mp4"));
      for (const key of [row.video_key, row.poster_key]) {
        expect(key).toMatch(MEDIA_KEY_PATTERN);
        expect(await env.PHOTOS.head(mediaObjectKey(key)), key).not.toBeNull();
      }
      // What Safari asks first.
      const range = new Headers({ Range: "bytes=0-1" });
      const video = await serveMedia(env.PHOTOS, row.video_key, range, "GET");
      expect(video.status).toBe(206);
      expect(video.headers.get("Content-Type")).toBe("video/mp4");
      expect(video.headers.get("Content-Range")).toBe(`bytes 0-1/${row.video_bytes}`);
      expect([...new Uint8Array(await video.arrayBuffer())]).toEqual([
        ...bytesOf(`${reel.clip}.mp4`).subarray(0, 2),
      ]);
      const poster = await serveMedia(env.PHOTOS, row.poster_key, range, "GET");
      expect(poster.headers.get("Content-Type")).toBe("image/jpeg");
      expect([...new Uint8Array(await poster.arrayBuffer())]).toEqual([0xff, 0xd8]);
    }
    // Likes and saves fall between the reel and now.
    const { results: dates } = await env.DB.prepare(
      `SELECT min(x.created_at - r.created_at) AS after, max(x.created_at) AS latest FROM reels r
       JOIN (SELECT reel_id, created_at FROM reel_likes UNION ALL SELECT reel_id, created_at FROM reel_saves) x
         ON x.reel_id = r.id`,
    ).all<{ after: number; latest: number }>();
    expect(dates[0]?.after).toBeGreaterThan(0);
    expect(dates[0]?.latest).toBeLessThan(now);
  });
});

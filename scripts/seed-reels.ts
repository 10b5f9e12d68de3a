// The reels of a fresh install (issue 21): short clips the project renders from the stall art
// (scripts/make-reel-clips.ts, committed in scripts/seed-media/reels/), pinned to seeded stalls by seeded people, so
// /reels plays on `npm start` with nothing to download. scripts/seed.ts puts the clips into the local R2 and writes
// these rows; tests/integration/seed-reels.test.ts replays both on workerd's D1 and R2.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb } from "../app/db/client.server";
import { reelLikes, reelSaves, reels } from "../app/db/schema";
import { randomId } from "../app/lib/auth/tokens";
import { hotScore } from "../app/lib/rules/hot-score";
import { mediaObjectKey } from "../app/models/media.server";
import { SEED_ACCOUNTS, type SeedPerson } from "./seed-data";
import clips from "./seed-media/reels/clips.json";

const HOUR_MS = 3_600_000;

export const SEED_REEL_DIR = "scripts/seed-media/reels";

export interface SeedReel {
  /** The clip, rendered from public/stalls/<clip>.svg: the picture of the stall it is pinned to. */
  clip: keyof typeof clips;
  /** A stall of the embedded seed by a name no other seeded stall has. */
  stall: string;
  by: SeedPerson;
  hoursAgo: number;
  caption: string;
  likedBy: SeedPerson[];
  savedBy: SeedPerson[];
  /** Still in the moderation queue (its author sees it, with 'Waiting for review'). */
  pending?: true;
}

export const SEED_REELS: SeedReel[] = [
  {
    clip: "dosa",
    stall: "Udupi Ganesh Darshini",
    by: "priya_eats",
    hoursAgo: 4,
    caption:
      "Benne dosa straight off the tawa at Udupi Ganesh Darshini, 8th Cross. Crisp outside, soft inside, chutney ground fresh every morning. #malleshwaram #dosa",
    likedBy: ["rohan_d", "kavya_r", "arjun_m", "asha", "imran_bites"],
    savedBy: ["kavya_r", "asha"],
  },
  {
    clip: "chai",
    stall: "Kadak Manju Chai",
    by: "chai_fatima",
    hoursAgo: 19,
    caption:
      "Cutting chai o'clock at Kadak Manju Chai. Ask for extra elaichi: ₹15 and worth every sip. @priya_eats this is the one I told you about #chai #malleshwaram",
    likedBy: ["priya_eats", "rohan_d", "asha"],
    savedBy: ["priya_eats"],
  },
  {
    clip: "chaat",
    stall: "Anand's Pani Puri Corner",
    by: "rohan_d",
    hoursAgo: 31,
    caption:
      "Six puris, one breath. Teekha pani at Anand's Pani Puri Corner, Avenue Road. #panipuri #chickpet",
    likedBy: ["priya_eats", "chai_fatima", "imran_bites", "kavya_r", "arjun_m", "vikram_mod"],
    savedBy: ["imran_bites"],
  },
  {
    clip: "biryani",
    stall: "Bhai Venkatesh Dum Biryani",
    by: "imran_bites",
    hoursAgo: 53,
    caption:
      "Breaking the dum at Bhai Venkatesh near Russell Market. The first plate goes at 12:30 sharp, and so does the queue. #biryani #shivajinagar",
    likedBy: ["arjun_m", "rohan_d", "asha", "kavya_r"],
    savedBy: ["arjun_m", "rohan_d"],
  },
  {
    clip: "momos",
    stall: "Tashi Dolma Momos",
    by: "kavya_r",
    hoursAgo: 76,
    caption:
      "Steamer lid up at Tashi Dolma Momos on Janpath. Get the jhol momos if it's cold out. #momos #connaughtplace",
    likedBy: ["chai_fatima", "imran_bites"],
    savedBy: [],
  },
  {
    clip: "paratha",
    stall: "Harpreet Paratha House",
    by: "arjun_m",
    hoursAgo: 98,
    caption:
      "Paranthe Wali Gali at 9 am: Harpreet's aloo paratha fried in desi ghee, kaddu sabzi on the side. @imran_bites breakfast is on you next time #chandnichowk #paratha",
    likedBy: ["priya_eats", "kavya_r", "vikram_mod", "chai_fatima", "rohan_d"],
    savedBy: ["vikram_mod"],
  },
  {
    clip: "chole",
    stall: "Meena Chole Bhature",
    by: "asha",
    hoursAgo: 122,
    caption:
      "Bhature the size of my face at Meena Chole Bhature, Kamla Nagar. Pindi chole, pickled onions, done. #kamlanagar #cholebhature",
    likedBy: ["imran_bites", "arjun_m", "chai_fatima"],
    savedBy: [],
  },
  {
    clip: "juice",
    stall: "Fresh Tenzin Ganne ka Ras",
    by: "asha",
    hoursAgo: 2,
    caption:
      "Ganne ka ras with ginger and lemon at the Hauz Khas Village gate, ₹30 a glass. #hauzkhas #juice",
    likedBy: [],
    savedBy: [],
    pending: true,
  },
];

/** The seed's media keys (24 letters and digits, as MEDIA_KEY_PATTERN wants), the same on every install. */
export const seedReelKey = (clip: string, extension: "mp4" | "jpg") =>
  `${`seedreel${clip}`.padEnd(24, "0")}.${extension}`;

/** The clips' files (under SEED_REEL_DIR), their R2 keys and content types. */
export const SEED_REEL_MEDIA = SEED_REELS.flatMap(({ clip }) => [
  { file: `${clip}.mp4`, key: seedReelKey(clip, "mp4"), contentType: "video/mp4" },
  { file: `${clip}.jpg`, key: seedReelKey(clip, "jpg"), contentType: "image/jpeg" },
]);

/** Puts every clip and poster into `bucket` where /media/:key finds them; `read` gives a file's bytes. */
export async function putSeedReelMedia(bucket: R2Bucket, read: (file: string) => Uint8Array) {
  for (const { file, key, contentType } of SEED_REEL_MEDIA)
    await bucket.put(mediaObjectKey(key), read(file), { httpMetadata: { contentType } });
}

/**
 * The reels' rows, their likes and saves (dated between the reel and now), then the counts from the rows. People and
 * stalls are found by username and name, so the statements hold on any database with the seeded people and stalls.
 * The approved ones were approved by the seeded moderator an hour after they were posted, and carry the hot score
 * the hourly job would give them now, so For You opens on the fresh and liked ones.
 */
export function seedReelStatements(db: AnyDb, now: number): BatchItem<"sqlite">[] {
  const userId = (person: SeedPerson) => sql`(SELECT user_id FROM profiles WHERE username = ${person})`;
  const moderator = SEED_ACCOUNTS.find((account) => account.role === "moderator")?.username as SeedPerson;
  const statements: BatchItem<"sqlite">[] = [];
  for (const reel of SEED_REELS) {
    const publicId = randomId(12);
    const createdAt = now - reel.hoursAgo * HOUR_MS;
    const stallId = sql`(SELECT id FROM stalls WHERE name = ${reel.stall} AND status = 'approved' ORDER BY id LIMIT 1)`;
    const clip = clips[reel.clip];
    statements.push(
      db.insert(reels).values({
        publicId,
        userId: userId(reel.by),
        stallId,
        gridCell: sql`(SELECT grid_cell FROM stalls WHERE id = ${stallId})`,
        caption: reel.caption,
        videoKey: seedReelKey(reel.clip, "mp4"),
        posterKey: seedReelKey(reel.clip, "jpg"),
        videoType: "video/mp4",
        videoBytes: clip.bytes,
        durationMs: clip.durationMs,
        width: clip.width,
        height: clip.height,
        status: reel.pending ? "pending" : "approved",
        reviewedAt: reel.pending ? null : createdAt + HOUR_MS,
        reviewedBy: reel.pending ? null : userId(moderator),
        hotScore: reel.pending
          ? 0
          : hotScore({ likes: reel.likedBy.length, comments: 0, saves: reel.savedBy.length, createdAt }, now),
        createdAt,
      }),
    );
    const reelId = sql`(SELECT id FROM reels WHERE public_id = ${publicId})`;
    const dated = (people: SeedPerson[]) =>
      people.map((person, k) => ({
        reelId,
        userId: userId(person),
        createdAt: createdAt + Math.round(((now - createdAt) * (k + 1)) / (people.length + 1)),
      }));
    if (reel.likedBy.length > 0) statements.push(db.insert(reelLikes).values(dated(reel.likedBy)));
    if (reel.savedBy.length > 0) statements.push(db.insert(reelSaves).values(dated(reel.savedBy)));
  }
  statements.push(
    db.update(reels).set({
      likeCount: sql`(SELECT count(*) FROM ${reelLikes} WHERE ${reelLikes.reelId} = ${reels.id})`,
      saveCount: sql`(SELECT count(*) FROM ${reelSaves} WHERE ${reelSaves.reelId} = ${reels.id})`,
    }),
  );
  return statements;
}

// Test data factories: realistic values from faker, stored through the app's own model functions.
import { fakerEN_IN as faker } from "@faker-js/faker";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { reels, stalls, users } from "~/db/schema";
import { hashPassword } from "~/lib/auth/password";
import { randomId } from "~/lib/auth/tokens";
import { CUISINE_TAGS, type Role } from "~/lib/rules/options";
import type { ReelStatus } from "~/lib/schemas/reels";
import { type NewTrail, newTrailStatements } from "~/models/food-trail/food-trail.server";
import { mediaObjectKey } from "~/models/media.server";
import { DAY_MS } from "~/models/rate-limit.server";
import { createSession } from "~/models/session.server";
import { type NewStall, newStallStatements } from "~/models/stall/stall.server";
import { newUserStatements } from "~/models/user.server";

const BANGALORE = { lat: 12.9716, lng: 77.5946 };

export function stallData(overrides: Partial<NewStall> = {}): NewStall {
  return {
    name: `${faker.person.firstName()}'s ${faker.helpers.arrayElement(["Chaat", "Dosa", "Momo", "Chai"])} Stall`,
    description: faker.lorem.sentence(),
    category: "Street Food",
    location: `${faker.location.street()}, Bangalore`,
    latitude: BANGALORE.lat + faker.number.float({ min: -0.05, max: 0.05 }),
    longitude: BANGALORE.lng + faker.number.float({ min: -0.05, max: 0.05 }),
    contactNumber: `+91 98${faker.string.numeric(8)}`,
    weeklySchedule: {
      monday: { status: "open", open: "10:00", close: "22:00" },
      sunday: { status: "closed" },
    },
    menu: [{ item: "Masala Dosa", price: 70, description: "" }],
    thumbnailImage: "/stalls/dosa.svg",
    images: ["/stalls/dosa.svg"],
    ratingAverage: faker.number.float({ min: 3, max: 5, fractionDigits: 1 }),
    ratingCount: faker.number.int({ min: 1, max: 300 }),
    status: "approved",
    createdBy: null,
    tags: faker.helpers.arrayElements(CUISINE_TAGS, 3),
    discoveryTags: ["hidden gem"],
    ...overrides,
  };
}

export async function createStall(env: Env, overrides: Partial<NewStall> = {}) {
  const db = getDb(env.DB);
  const data = stallData(overrides);
  const { shopUniqueId, statements } = newStallStatements(db, data);
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return { ...data, shopUniqueId };
}

export const TEST_PASSWORD = "correct horse battery";
// argon2id costs 19 MiB and a few tens of ms per hash (ADR 011): every user of a test file shares one.
let testPasswordHash: Promise<string> | undefined;
function hashedTestPassword(): Promise<string> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

// faker's addresses repeat often enough across a file's users to break users.email's UNIQUE now and then (it failed
// one CI run): a random tag makes each one new.
function uniqueEmail(): string {
  const [local, domain] = faker.internet.email().toLowerCase().split("@");
  return `${local}.${crypto.randomUUID().slice(0, 8)}@${domain}`;
}

/**
 * A user; `established`: past a new account's first day with an approved reel of theirs (from two days ago), so
 * trust level 1 (ADR 051) and the limits of everyone but new accounts.
 */
export async function createUser(
  env: Env,
  overrides: {
    email?: string;
    role?: Role;
    fullName?: string;
    verified?: boolean;
    established?: boolean;
  } = {},
) {
  const db = getDb(env.DB);
  const email = overrides.email ?? uniqueEmail();
  const { id, statements } = newUserStatements(db, {
    email,
    passwordHash: await hashedTestPassword(),
    fullName: overrides.fullName ?? faker.person.fullName(),
    role: overrides.role ?? "user",
    emailVerifiedAt: overrides.verified === false ? null : Date.now(),
  });
  await db.batch(statements);
  if (overrides.established) {
    const twoDaysAgo = Date.now() - 2 * DAY_MS;
    await db.update(users).set({ createdAt: twoDaysAgo }).where(eq(users.id, id));
    await insertReel(env, id, { createdAt: twoDaysAgo });
  }
  return { id, email };
}

/** A user with a live session: the token is what a browser cookie or a Bearer header would carry. */
export async function createSignedInUser(env: Env, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env, overrides);
  const session = await createSession(getDb(env.DB), user.id);
  return { ...user, token: session.token };
}

/** A food trail through the given stalls, stored by the app's own statements; public and by `authorId` unless told
 * otherwise (a curated trail has no author). */
export async function createFoodTrail(
  env: Env,
  stalls: { shopUniqueId: string; name: string; location: string; latitude: number; longitude: number }[],
  overrides: Partial<Omit<NewTrail, "stops">> = {},
) {
  const db = getDb(env.DB);
  const { publicId, statements } = newTrailStatements(db, {
    authorId: null,
    title: `${faker.location.street()} food walk`,
    description: faker.lorem.sentence(),
    visibility: "public",
    start: null,
    stops: stalls.map((stall) => ({ stall, note: null })),
    ...overrides,
  });
  await db.batch(statements);
  return publicId;
}

/** A reel row inserted directly (no upload), pinned to `stallId` (a stall's public id; a new approved stall when
 * omitted) and approved unless told otherwise. `withMedia` also stores small placeholder bytes at its video and
 * poster keys in R2, for tests that check what removing a reel leaves behind. */
export async function insertReel(
  env: Env,
  userId: string,
  overrides: {
    stallId?: string;
    status?: ReelStatus;
    caption?: string;
    durationMs?: number;
    likeCount?: number;
    hotScore?: number;
    createdAt?: number;
    withMedia?: boolean;
  } = {},
) {
  const db = getDb(env.DB);
  const stallId = overrides.stallId ?? (await createStall(env)).shopUniqueId;
  const [stall] = await db
    .select({ id: stalls.id, gridCell: stalls.gridCell })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, stallId))
    .limit(1);
  if (!stall) throw new Error(`insertReel: no stall ${stallId}`);
  const publicId = randomId(12);
  const videoKey = `${randomId(24)}.mp4`;
  const posterKey = `${randomId(24)}.jpg`;
  const [row] = await db
    .insert(reels)
    .values({
      publicId,
      userId,
      stallId: stall.id,
      gridCell: stall.gridCell,
      caption: overrides.caption ?? faker.lorem.sentence(),
      videoKey,
      posterKey,
      videoType: "video/mp4",
      videoBytes: 1000,
      durationMs: overrides.durationMs ?? 12_340,
      width: 720,
      height: 1280,
      status: overrides.status ?? "approved",
      likeCount: overrides.likeCount ?? 0,
      hotScore: overrides.hotScore ?? 0,
      ...(overrides.createdAt === undefined ? {} : { createdAt: overrides.createdAt }),
    })
    .returning({ id: reels.id });
  if (overrides.withMedia) {
    await env.PHOTOS.put(mediaObjectKey(videoKey), new Uint8Array(1000), {
      httpMetadata: { contentType: "video/mp4" },
    });
    await env.PHOTOS.put(mediaObjectKey(posterKey), new Uint8Array(100), {
      httpMetadata: { contentType: "image/jpeg" },
    });
  }
  return { id: publicId, rowId: row?.id ?? 0, stallId, videoKey, posterKey };
}

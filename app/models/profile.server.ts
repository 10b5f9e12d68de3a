import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { profiles, users } from "~/db/schema";
import type { ProfileUpdate } from "~/lib/auth/schemas";
import type { Language } from "~/lib/i18n/languages";
import type { Gender, Role } from "~/lib/rules/options";
import { listFavouriteStallIds } from "./favourite.server";
import { ModelError } from "./model-error";
import { syncPostAuthor } from "./post/post.server";
import { forgetCachedSessions, sessionUserColumns, toSessionUser } from "./session.server";

/** A user's profile as GET /api/profile answers it, in the original API's snake_case field names. */
export interface Profile {
  id: string;
  full_name: string;
  username: string | null;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  created_at: string;
  phone: string | null;
  date_of_birth: string | null;
  food_preferences: string[];
  gender: Gender | null;
  email: string;
  gps_coordinates: string;
  role: Role;
  email_verified: boolean;
  /** Unique ids of the stalls the user bookmarked, newest first (the favourites table). */
  favorites: string[];
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      user: sessionUserColumns,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      location: profiles.location,
      createdAt: profiles.createdAt,
      phone: profiles.phone,
      dateOfBirth: profiles.dateOfBirth,
      foodPreferences: profiles.foodPreferences,
      gender: profiles.gender,
      gpsCoordinates: profiles.gpsCoordinates,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const user = toSessionUser(row.user);
  const favorites = await listFavouriteStallIds(db, userId);
  return {
    id: user.id,
    full_name: user.fullName,
    username: user.username,
    avatar_url: row.avatarUrl,
    bio: row.bio,
    location: row.location,
    created_at: new Date(row.createdAt).toISOString(),
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    food_preferences: row.foodPreferences,
    gender: row.gender,
    email: user.email,
    gps_coordinates: row.gpsCoordinates,
    role: user.role,
    email_verified: user.emailVerified,
    favorites,
  };
}

/**
 * Saves the profile, and the username it claims when one is given, in one statement: a refused value leaves
 * nothing half-saved (the username used to be stored before the rest failed). The unique index settles a race
 * between two people choosing the same username (refused with 409 beside the username). Their posts take the new
 * name, username and avatar in the same batch (ADR 025). The KV copies of the user's sessions are dropped so the
 * header shows the new name.
 */
export async function updateProfile(
  db: Db,
  kv: KVNamespace,
  userId: string,
  update: ProfileUpdate & { username?: string },
  now = Date.now(),
): Promise<void> {
  try {
    await db.batch([
      db
        .update(profiles)
        .set({
          username: update.username,
          fullName: update.full_name,
          avatarUrl: update.avatar_url,
          bio: update.bio,
          gender: update.gender,
          phone: update.phone,
          dateOfBirth: update.date_of_birth,
          location: update.location,
          foodPreferences: update.food_preferences,
          gpsCoordinates: update.gps_coordinates,
          updatedAt: now,
        })
        .where(eq(profiles.userId, userId)),
      syncPostAuthor(db, userId),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "profiles.username"))
      throw new ModelError(409, "Username already taken", { field: "username" });
    throw error;
  }
  await forgetCachedSessions(db, kv, userId);
}

export async function isUsernameAvailable(db: Db, username: string, exceptUserId: string): Promise<boolean> {
  const [taken] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.username, username), ne(profiles.userId, exceptUserId)))
    .limit(1);
  return !taken;
}

/** Keeps the interface language a person chose, and drops their cached sessions so the next page reads it. */
export async function setProfileLanguage(
  db: Db,
  kv: KVNamespace,
  userId: string,
  language: Language,
  now = Date.now(),
): Promise<void> {
  await db.update(profiles).set({ language, updatedAt: now }).where(eq(profiles.userId, userId));
  await forgetCachedSessions(db, kv, userId);
}

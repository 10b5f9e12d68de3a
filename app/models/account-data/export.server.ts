import { asc, desc, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Db } from "~/db/client.server";
import {
  favourites,
  follows,
  oauthAccounts,
  postComments,
  posts,
  profiles,
  reviews,
  stalls,
  trailStops,
  trails,
  users,
} from "~/db/schema";
import { toCsv } from "~/lib/rules/csv";
import { BACKUP_FAVOURITES_FORMAT } from "~/lib/rules/place-import";
import { type ExportPlace, placesToGeoJson, placesToGpx, placesToKml } from "~/lib/rules/places-export";

// "Backup Data" (issue 22): everything a person owns on Nukkad as one ZIP. Only the caller's rows are read: the
// archive's size follows what one person made, never the size of Nukkad.

/** favourites.csv's columns: favourites.json's fields, in its order. */
const FAVOURITE_COLUMNS = [
  "stall_id",
  "name",
  "location",
  "latitude",
  "longitude",
  "note",
  "personal_rating",
  "saved_at",
  "url",
] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const README = `Nukkad backup
=============

Everything your Nukkad account holds, as it was when this file was made.

profile.json         your account and profile: e-mail, name, username, bio, preferences, sign-in providers
favourites.json      your saved stalls (My Food Trail) with your private notes and personal ratings;
                     import it again at Settings > Your data > Import
favourites.csv       the same list as a spreadsheet (comma-separated, UTF-8)
favourites.geojson   your saved stalls as map points (GeoJSON, [longitude, latitude])
favourites.gpx       your saved stalls as GPS waypoints (GPX 1.1)
favourites.kml       your saved stalls as placemarks (KML 2.2, Google Earth and My Maps)
stalls-added.json    the stalls you added, with their review status
reviews.json         the reviews you wrote
trails.json          your food trails (public and private) with their stops and notes
posts.json           the posts you shared, with the reason a moderator gave for any they hid
comments.json        the comments you wrote, with the post each answers
following.json       the people you follow (their usernames) and since when

Times are UTC (ISO 8601). Your data stays yours: you can delete your account at Settings > Your data.
`;

// Each query names its columns as the archive's files name their fields, so a row is written as read; only times
// (stored as epoch ms) become ISO text, and links are added.
function readAccount(db: Db, userId: string) {
  return db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        profile: {
          full_name: profiles.fullName,
          username: profiles.username,
          avatar_url: profiles.avatarUrl,
          bio: profiles.bio,
          location: profiles.location,
          phone: profiles.phone,
          date_of_birth: profiles.dateOfBirth,
          food_preferences: profiles.foodPreferences,
          gender: profiles.gender,
          gps_coordinates: profiles.gpsCoordinates,
          language: profiles.language,
          units: profiles.units,
          home_city: profiles.homeCity,
          profile_visibility: profiles.profileVisibility,
          mention_policy: profiles.mentionPolicy,
        },
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ provider: oauthAccounts.provider, linked_at: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({
        stall_id: stalls.shopUniqueId,
        name: stalls.name,
        location: stalls.location,
        latitude: stalls.latitude,
        longitude: stalls.longitude,
        note: favourites.note,
        personal_rating: favourites.personalRating,
        saved_at: favourites.createdAt,
      })
      .from(favourites)
      .innerJoin(stalls, eq(stalls.id, favourites.stallId))
      .where(eq(favourites.userId, userId))
      .orderBy(desc(favourites.createdAt)),
    db
      .select({
        id: stalls.shopUniqueId,
        name: stalls.name,
        description: stalls.description,
        category: stalls.category,
        location: stalls.location,
        latitude: stalls.latitude,
        longitude: stalls.longitude,
        contact_number: stalls.contactNumber,
        weekly_schedule: stalls.weeklySchedule,
        menu: stalls.menu,
        tags: stalls.tags,
        images: stalls.images,
        status: stalls.status,
        status_reason: stalls.statusReason,
        created_at: stalls.createdAt,
      })
      .from(stalls)
      .where(eq(stalls.createdBy, userId))
      .orderBy(asc(stalls.createdAt)),
    db
      .select({
        stall_id: stalls.shopUniqueId,
        stall_name: stalls.name,
        rating: reviews.rating,
        body: reviews.body,
        created_at: reviews.createdAt,
        updated_at: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(stalls, eq(stalls.id, reviews.stallId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db
      .select({
        rowId: trails.id,
        id: trails.publicId,
        title: trails.title,
        description: trails.description,
        visibility: trails.visibility,
        area: trails.area,
        start: trails.startAt,
        created_at: trails.createdAt,
      })
      .from(trails)
      .where(eq(trails.authorId, userId))
      .orderBy(asc(trails.createdAt)),
    db
      .select({
        trailId: trailStops.trailId,
        position: trailStops.position,
        stall_id: trailStops.stallPublicId,
        stall_name: trailStops.stallName,
        note: trailStops.note,
      })
      .from(trailStops)
      .innerJoin(trails, eq(trails.id, trailStops.trailId))
      .where(eq(trails.authorId, userId))
      .orderBy(asc(trailStops.trailId), asc(trailStops.position)),
    db
      .select({
        id: posts.publicId,
        type: posts.type,
        text: posts.body,
        images: posts.images,
        stall_id: stalls.shopUniqueId,
        stall_name: stalls.name,
        latitude: posts.latitude,
        longitude: posts.longitude,
        hidden_reason: posts.hiddenReason,
        created_at: posts.createdAt,
        updated_at: posts.updatedAt,
      })
      .from(posts)
      .leftJoin(stalls, eq(stalls.id, posts.stallId))
      .where(eq(posts.userId, userId))
      .orderBy(asc(posts.createdAt)),
    db
      .select({
        post_id: posts.publicId,
        text: postComments.body,
        created_at: postComments.createdAt,
        updated_at: postComments.updatedAt,
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(eq(postComments.userId, userId))
      .orderBy(asc(postComments.createdAt)),
    db
      .select({ username: profiles.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(profiles, eq(profiles.userId, follows.followeeId))
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt)),
  ]);
}

export interface AccountArchive {
  /** The ZIP's bytes. */
  zip: Uint8Array;
  filename: string;
}

/** The caller's backup as a ZIP (see README above for its files); null when the account does not exist. */
export async function exportAccountData(
  db: Db,
  userId: string,
  origin: string,
  now = new Date(),
): Promise<AccountArchive | null> {
  const [[account], providers, saved, added, written, ownTrails, stops, shared, commented, followed] =
    await readAccount(db, userId);
  if (!account) return null;
  const stallUrl = (id: string) => `${origin}/stall/${id}`;
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

  const favouriteRows = saved.map((row) => ({
    ...row,
    saved_at: iso(row.saved_at),
    url: stallUrl(row.stall_id),
  }));
  const places: ExportPlace[] = saved.map((row) => ({
    name: row.name,
    lat: row.latitude,
    lng: row.longitude,
    note: row.note,
    personalRating: row.personal_rating,
    url: stallUrl(row.stall_id),
  }));
  const title = "Nukkad favourites";

  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(README),
    "profile.json": json({
      id: account.id,
      email: account.email,
      email_verified: account.emailVerifiedAt !== null,
      role: account.role,
      created_at: iso(account.createdAt),
      ...account.profile,
      sign_in_providers: providers.map((p) => ({ ...p, linked_at: iso(p.linked_at) })),
    }),
    "favourites.json": json({
      format: BACKUP_FAVOURITES_FORMAT,
      version: 1,
      exported_at: now.toISOString(),
      favourites: favouriteRows,
    }),
    "favourites.csv": strToU8(
      toCsv(
        FAVOURITE_COLUMNS,
        favouriteRows.map((row) => FAVOURITE_COLUMNS.map((column) => row[column])),
      ),
    ),
    "favourites.geojson": strToU8(placesToGeoJson(places)),
    "favourites.gpx": strToU8(placesToGpx(title, places)),
    "favourites.kml": strToU8(placesToKml(title, places)),
    "stalls-added.json": json(
      added.map((stall) => ({ ...stall, created_at: iso(stall.created_at), url: stallUrl(stall.id) })),
    ),
    "reviews.json": json(
      written.map((review) => ({
        ...review,
        created_at: iso(review.created_at),
        updated_at: iso(review.updated_at),
        url: stallUrl(review.stall_id),
      })),
    ),
    "trails.json": json(
      ownTrails.map(({ rowId, ...trail }) => ({
        ...trail,
        start: iso(trail.start),
        created_at: iso(trail.created_at),
        url: `${origin}/food-trails/${trail.id}`,
        stops: stops.filter((stop) => stop.trailId === rowId).map(({ trailId: _, ...stop }) => stop),
      })),
    ),
    "posts.json": json(
      shared.map(({ latitude, longitude, ...post }) => ({
        id: post.id,
        type: post.type,
        text: post.text,
        images: post.images.map((image) => new URL(image, origin).href),
        stall_id: post.stall_id,
        stall_name: post.stall_name,
        location: latitude === null ? null : { lat: latitude, lng: longitude },
        hidden_reason: post.hidden_reason,
        created_at: iso(post.created_at),
        updated_at: iso(post.updated_at),
        url: `${origin}/feed?post=${post.id}`,
      })),
    ),
    "comments.json": json(
      commented.map((comment) => ({
        ...comment,
        created_at: iso(comment.created_at),
        updated_at: iso(comment.updated_at),
      })),
    ),
    "following.json": json(followed.map((person) => ({ ...person, since: iso(person.since) }))),
  };
  const day = now.toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6, mtime: now }), filename: `nukkad-backup-${day}.zip` };
}

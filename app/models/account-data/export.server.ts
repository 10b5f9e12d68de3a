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
          fullName: profiles.fullName,
          username: profiles.username,
          avatarUrl: profiles.avatarUrl,
          bio: profiles.bio,
          location: profiles.location,
          phone: profiles.phone,
          dateOfBirth: profiles.dateOfBirth,
          foodPreferences: profiles.foodPreferences,
          gender: profiles.gender,
          gpsCoordinates: profiles.gpsCoordinates,
          language: profiles.language,
          units: profiles.units,
          homeCity: profiles.homeCity,
          profileVisibility: profiles.profileVisibility,
          mentionPolicy: profiles.mentionPolicy,
        },
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({
        stallId: stalls.shopUniqueId,
        name: stalls.name,
        location: stalls.location,
        latitude: stalls.latitude,
        longitude: stalls.longitude,
        note: favourites.note,
        personalRating: favourites.personalRating,
        savedAt: favourites.createdAt,
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
        contactNumber: stalls.contactNumber,
        weeklySchedule: stalls.weeklySchedule,
        menu: stalls.menu,
        tags: stalls.tags,
        images: stalls.images,
        status: stalls.status,
        statusReason: stalls.statusReason,
        createdAt: stalls.createdAt,
      })
      .from(stalls)
      .where(eq(stalls.createdBy, userId))
      .orderBy(asc(stalls.createdAt)),
    db
      .select({
        stallId: stalls.shopUniqueId,
        stallName: stalls.name,
        rating: reviews.rating,
        body: reviews.body,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(stalls, eq(stalls.id, reviews.stallId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db
      .select({
        id: trails.id,
        publicId: trails.publicId,
        title: trails.title,
        description: trails.description,
        visibility: trails.visibility,
        area: trails.area,
        startAt: trails.startAt,
        createdAt: trails.createdAt,
      })
      .from(trails)
      .where(eq(trails.authorId, userId))
      .orderBy(asc(trails.createdAt)),
    db
      .select({
        trailId: trailStops.trailId,
        position: trailStops.position,
        stallId: trailStops.stallPublicId,
        stallName: trailStops.stallName,
        note: trailStops.note,
      })
      .from(trailStops)
      .innerJoin(trails, eq(trails.id, trailStops.trailId))
      .where(eq(trails.authorId, userId))
      .orderBy(asc(trailStops.trailId), asc(trailStops.position)),
    db
      .select({
        publicId: posts.publicId,
        type: posts.type,
        body: posts.body,
        images: posts.images,
        stallId: stalls.shopUniqueId,
        stallName: stalls.name,
        latitude: posts.latitude,
        longitude: posts.longitude,
        hiddenReason: posts.hiddenReason,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
      })
      .from(posts)
      .leftJoin(stalls, eq(stalls.id, posts.stallId))
      .where(eq(posts.userId, userId))
      .orderBy(asc(posts.createdAt)),
    db
      .select({
        postId: posts.publicId,
        body: postComments.body,
        createdAt: postComments.createdAt,
        updatedAt: postComments.updatedAt,
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
  const { profile } = account;

  const favouriteRows = saved.map((row) => ({
    stall_id: row.stallId,
    name: row.name,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    note: row.note,
    personal_rating: row.personalRating,
    saved_at: iso(row.savedAt),
    url: stallUrl(row.stallId),
  }));
  const places: ExportPlace[] = saved.map((row) => ({
    name: row.name,
    lat: row.latitude,
    lng: row.longitude,
    note: row.note,
    personalRating: row.personalRating,
    url: stallUrl(row.stallId),
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
      full_name: profile.fullName,
      username: profile.username,
      avatar_url: profile.avatarUrl,
      bio: profile.bio,
      location: profile.location,
      phone: profile.phone,
      date_of_birth: profile.dateOfBirth,
      food_preferences: profile.foodPreferences,
      gender: profile.gender,
      gps_coordinates: profile.gpsCoordinates,
      language: profile.language,
      units: profile.units,
      home_city: profile.homeCity,
      profile_visibility: profile.profileVisibility,
      mention_policy: profile.mentionPolicy,
      sign_in_providers: providers.map((p) => ({ provider: p.provider, linked_at: iso(p.createdAt) })),
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
      added.map((stall) => ({
        id: stall.id,
        name: stall.name,
        description: stall.description,
        category: stall.category,
        location: stall.location,
        latitude: stall.latitude,
        longitude: stall.longitude,
        contact_number: stall.contactNumber,
        weekly_schedule: stall.weeklySchedule,
        menu: stall.menu,
        tags: stall.tags,
        images: stall.images,
        status: stall.status,
        status_reason: stall.statusReason,
        created_at: iso(stall.createdAt),
        url: stallUrl(stall.id),
      })),
    ),
    "reviews.json": json(
      written.map((review) => ({
        stall_id: review.stallId,
        stall_name: review.stallName,
        rating: review.rating,
        body: review.body,
        created_at: iso(review.createdAt),
        updated_at: iso(review.updatedAt),
        url: stallUrl(review.stallId),
      })),
    ),
    "trails.json": json(
      ownTrails.map((trail) => ({
        id: trail.publicId,
        title: trail.title,
        description: trail.description,
        visibility: trail.visibility,
        area: trail.area,
        start: iso(trail.startAt),
        created_at: iso(trail.createdAt),
        url: `${origin}/food-trails/${trail.publicId}`,
        stops: stops
          .filter((stop) => stop.trailId === trail.id)
          .map((stop) => ({
            position: stop.position,
            stall_id: stop.stallId,
            stall_name: stop.stallName,
            note: stop.note,
          })),
      })),
    ),
    "posts.json": json(
      shared.map((post) => ({
        id: post.publicId,
        type: post.type,
        text: post.body,
        images: post.images.map((image) => new URL(image, origin).href),
        stall_id: post.stallId,
        stall_name: post.stallName,
        location: post.latitude === null ? null : { lat: post.latitude, lng: post.longitude },
        hidden_reason: post.hiddenReason,
        created_at: iso(post.createdAt),
        updated_at: iso(post.updatedAt),
        url: `${origin}/feed?post=${post.publicId}`,
      })),
    ),
    "comments.json": json(
      commented.map((comment) => ({
        post_id: comment.postId,
        text: comment.body,
        created_at: iso(comment.createdAt),
        updated_at: iso(comment.updatedAt),
      })),
    ),
    "following.json": json(
      followed.map((person) => ({ username: person.username, since: iso(person.since) })),
    ),
  };
  const day = now.toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6, mtime: now }), filename: `nukkad-backup-${day}.zip` };
}

import {
  type AnyColumn,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { strToU8, zipSync } from "fflate";
import type { Db } from "~/db/client.server";
import {
  blocks,
  favourites,
  follows,
  mutedWords,
  mutes,
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
blocked.json         the people you blocked (their usernames) and since when
muted.json           the people you muted (their usernames) and since when
muted-words.json     the words you muted and since when

Times are UTC (ISO 8601). Your data stays yours: you can delete your account at Settings > Your data.
`;

type ColumnsOf<T extends Table> = T["_"]["columns"];

/** `{ full_name: profiles.fullName, ... }`: where the archive keeps a column's name, it is the database's. */
function storedNames<T extends Table, K extends keyof ColumnsOf<T> & string>(table: T, keys: readonly K[]) {
  const columns = getTableColumns(table) as Record<K, Column>;
  return Object.fromEntries(keys.map((key) => [columns[key].name, columns[key]])) as {
    [P in K as ColumnsOf<T>[P]["_"]["name"]]: ColumnsOf<T>[P];
  };
}

/** A time (stored as epoch ms) read as ISO 8601 text in UTC, as the archive writes every time; null stays null. */
const isoTime = (column: AnyColumn): SQL<string | null> =>
  sql`${column}`.mapWith((ms: number) => new Date(ms).toISOString());

/**
 * A row's `url` field, a page of Nukkad made from a column as it is read. Its alias keeps it apart from the column
 * itself: D1 answers a batch's rows keyed by column name, so one column selected twice would read as one.
 */
const urlFrom = (column: AnyColumn, href: (value: string) => string) =>
  sql`${column}`.mapWith(href).as("url");

/** A row's created_at and updated_at, as the archive writes them. */
const writtenAt = (table: { createdAt: AnyColumn; updatedAt: AnyColumn }) => ({
  created_at: isoTime(table.createdAt),
  updated_at: isoTime(table.updatedAt),
});

/**
 * Each query names its fields as the archive's files name them, times and links included, so a row is written as
 * read. The last ones are the files that are nothing but their rows, oldest first: a table a person owns rows of
 * (and a line in README) is all a new file needs.
 */
function readAccount(db: Db, userId: string, origin: string) {
  const stallUrl = (column: AnyColumn) => urlFrom(column, (id) => `${origin}/stall/${id}`);
  /** The rows of `query` that `owner` says are the caller's, oldest first. */
  const ownOldestFirst = <Q extends SQLiteSelect>(query: Q, owner: AnyColumn, made: AnyColumn) =>
    query.where(eq(owner, userId)).orderBy(asc(made));
  /** The people the caller follows, blocked or muted (ADR 048), by username: `subject` is who, `actor` the caller. */
  const people = (
    table: typeof follows | typeof blocks | typeof mutes,
    actor: AnyColumn,
    subject: AnyColumn,
  ) =>
    ownOldestFirst(
      db
        .select({ username: profiles.username, since: isoTime(table.createdAt) })
        .from(table)
        .innerJoin(profiles, eq(profiles.userId, subject))
        .$dynamic(),
      actor,
      table.createdAt,
    );
  const ownRows = {
    "stalls-added.json": ownOldestFirst(
      db
        .select({
          id: stalls.shopUniqueId,
          ...storedNames(stalls, [
            "name",
            "description",
            "category",
            "location",
            "latitude",
            "longitude",
            "contactNumber",
            "weeklySchedule",
            "menu",
            "tags",
            "images",
            "status",
            "statusReason",
          ]),
          created_at: isoTime(stalls.createdAt),
          url: stallUrl(stalls.shopUniqueId),
        })
        .from(stalls)
        .$dynamic(),
      stalls.createdBy,
      stalls.createdAt,
    ),
    "reviews.json": ownOldestFirst(
      db
        .select({
          stall_id: stalls.shopUniqueId,
          stall_name: stalls.name,
          ...storedNames(reviews, ["rating", "body"]),
          ...writtenAt(reviews),
          url: stallUrl(stalls.shopUniqueId),
        })
        .from(reviews)
        .innerJoin(stalls, eq(stalls.id, reviews.stallId))
        .$dynamic(),
      reviews.userId,
      reviews.createdAt,
    ),
    "comments.json": ownOldestFirst(
      db
        .select({ post_id: posts.publicId, text: postComments.body, ...writtenAt(postComments) })
        .from(postComments)
        .innerJoin(posts, eq(posts.id, postComments.postId))
        .$dynamic(),
      postComments.userId,
      postComments.createdAt,
    ),
    "following.json": people(follows, follows.followerId, follows.followeeId),
    "blocked.json": people(blocks, blocks.actorId, blocks.subjectId),
    "muted.json": people(mutes, mutes.actorId, mutes.subjectId),
    "muted-words.json": ownOldestFirst(
      db
        .select({ word: mutedWords.word, since: isoTime(mutedWords.createdAt) })
        .from(mutedWords)
        .$dynamic(),
      mutedWords.userId,
      mutedWords.createdAt,
    ),
  };
  const reads = db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        email_verified: sql`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
        role: users.role,
        created_at: isoTime(users.createdAt),
        ...storedNames(profiles, [
          "fullName",
          "username",
          "avatarUrl",
          "bio",
          "location",
          "phone",
          "dateOfBirth",
          "foodPreferences",
          "gender",
          "gpsCoordinates",
          "language",
          "units",
          "homeCity",
          "profileVisibility",
          "mentionPolicy",
        ]),
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ provider: oauthAccounts.provider, linked_at: isoTime(oauthAccounts.createdAt) })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({
        stall_id: stalls.shopUniqueId,
        ...storedNames(stalls, ["name", "location", "latitude", "longitude"]),
        ...storedNames(favourites, ["note", "personalRating"]),
        saved_at: isoTime(favourites.createdAt),
        url: stallUrl(stalls.shopUniqueId),
      })
      .from(favourites)
      .innerJoin(stalls, eq(stalls.id, favourites.stallId))
      .where(eq(favourites.userId, userId))
      .orderBy(desc(favourites.createdAt)),
    ownOldestFirst(
      db
        .select({
          rowId: trails.id,
          id: trails.publicId,
          ...storedNames(trails, ["title", "description", "visibility", "area"]),
          start: isoTime(trails.startAt),
          created_at: isoTime(trails.createdAt),
          url: urlFrom(trails.publicId, (id) => `${origin}/food-trails/${id}`),
        })
        .from(trails)
        .$dynamic(),
      trails.authorId,
      trails.createdAt,
    ),
    db
      .select({
        trailId: trailStops.trailId,
        position: trailStops.position,
        stall_id: trailStops.stallPublicId,
        ...storedNames(trailStops, ["stallName", "note"]),
      })
      .from(trailStops)
      .innerJoin(trails, eq(trails.id, trailStops.trailId))
      .where(eq(trails.authorId, userId))
      .orderBy(asc(trailStops.trailId), asc(trailStops.position)),
    ownOldestFirst(
      db
        .select({
          id: posts.publicId,
          text: posts.body,
          stall_id: stalls.shopUniqueId,
          stall_name: stalls.name,
          ...storedNames(posts, ["type", "images", "latitude", "longitude", "hiddenReason"]),
          ...writtenAt(posts),
          url: urlFrom(posts.publicId, (id) => `${origin}/feed?post=${id}`),
        })
        .from(posts)
        .leftJoin(stalls, eq(stalls.id, posts.stallId))
        .$dynamic(),
      posts.userId,
      posts.createdAt,
    ),
    ...Object.values(ownRows),
  ]);
  return { reads, ownFiles: Object.keys(ownRows) };
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
  const { reads, ownFiles } = readAccount(db, userId, origin);
  const [[account], providers, saved, ownTrails, stops, shared, ...ownRows] = await reads;
  if (!account) return null;
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const places: ExportPlace[] = saved.map((row) => ({
    name: row.name,
    lat: row.latitude,
    lng: row.longitude,
    note: row.note,
    personalRating: row.personal_rating,
    url: row.url,
  }));
  const title = "Nukkad favourites";

  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(README),
    "profile.json": json({ ...account, sign_in_providers: providers }),
    "favourites.json": json({
      format: BACKUP_FAVOURITES_FORMAT,
      version: 1,
      exported_at: now.toISOString(),
      favourites: saved,
    }),
    "favourites.csv": strToU8(
      toCsv(
        FAVOURITE_COLUMNS,
        saved.map((row) => FAVOURITE_COLUMNS.map((column) => row[column])),
      ),
    ),
    "favourites.geojson": strToU8(placesToGeoJson(places)),
    "favourites.gpx": strToU8(placesToGpx(title, places)),
    "favourites.kml": strToU8(placesToKml(title, places)),
    "trails.json": json(
      ownTrails.map(({ rowId, ...trail }) => ({
        ...trail,
        stops: stops.filter((stop) => stop.trailId === rowId).map(({ trailId: _, ...stop }) => stop),
      })),
    ),
    "posts.json": json(
      shared.map(({ images, latitude, longitude, ...post }) => ({
        id: post.id,
        type: post.type,
        text: post.text,
        images: images.map((image) => new URL(image, origin).href),
        stall_id: post.stall_id,
        stall_name: post.stall_name,
        location: latitude === null ? null : { lat: latitude, lng: longitude },
        hidden_reason: post.hidden_reason,
        created_at: post.created_at,
        updated_at: post.updated_at,
        url: post.url,
      })),
    ),
    ...Object.fromEntries(ownFiles.map((file, i) => [file, json(ownRows[i])])),
  };
  const day = now.toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6, mtime: now }), filename: `nukkad-backup-${day}.zip` };
}

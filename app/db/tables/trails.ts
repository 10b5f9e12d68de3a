import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { TRAIL_VISIBILITIES, type TrailVisibility } from "~/lib/schemas/food-trail";
import { optionalUserRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";
import { marksTable } from "./marks";
import { stalls } from "./stalls";

/** A Food Trail (issue 18): stops through approved stalls in the walking order its author chose. Curated trails are
 * Nukkad's own (no author); a private trail is seen by its author only. The walking figures are not stored: a stall
 * that is later removed drops out of every trail, and only the app can measure the walk again (app/models/food-trail). */
export const trails = sqliteTable(
  "trails",
  {
    id: rowId(),
    publicId: text("public_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    authorId: optionalUserRef("author_id"),
    curated: integer("curated", { mode: "boolean" }).notNull().default(false),
    visibility: text("visibility").$type<TrailVisibility>().notNull().default("public"),
    /** The neighbourhood most of its stops are in ("VV Puram, Bangalore"), as saved. */
    area: text("area").notNull().default(""),
    /** Where its stops are, as saved (their middle): the near list's position. */
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** When the walk starts (Unix ms); null means whenever the trail is opened. */
    startAt: integer("start_at"),
    savesCount: integer("saves_count").notNull().default(0),
    /** Set by a moderator (from the reports): the trail is then its author's alone, who is shown the reason. */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: optionalUserRef("hidden_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("trails_public_id_unique").on(t.publicId),
    index("trails_author_created_idx").on(t.authorId, t.createdAt, t.id),
    index("trails_popular_idx").on(t.savesCount, t.id).where(sql`visibility = 'public' AND curated = 0`),
    index("trails_curated_idx").on(t.id).where(sql`visibility = 'public' AND curated = 1`),
    index("trails_public_latitude_idx").on(t.latitude).where(sql`visibility = 'public'`),
    check("trails_visibility_check", sql`${t.visibility} IN ${oneOf(TRAIL_VISIBILITIES)}`),
    check("trails_title_length", sql`length(trim(${t.title})) BETWEEN 1 AND 80`),
    check("trails_description_length", sql`length(${t.description}) <= 1000`),
    check("trails_saves_count_check", sql`${t.savesCount} >= 0`),
    check("trails_latitude_check", sql`${t.latitude} BETWEEN -90 AND 90`),
    check("trails_longitude_check", sql`${t.longitude} BETWEEN -180 AND 180`),
    check("trails_curated_author", sql`${t.curated} = 0 OR ${t.authorId} IS NULL`),
    check("trails_hidden_reason", sql`${t.hiddenAt} IS NULL OR ${t.hiddenReason} IS NOT NULL`),
  ],
);

/** A trail's stop. The stall's public id and name are kept as saved, so a stall deleted later (a report said it
 * closed) still leaves a note for the trail's author: its reference becomes null rather than the stop vanishing. */
export const trailStops = sqliteTable(
  "trail_stops",
  {
    trailId: integer("trail_id")
      .notNull()
      .references(() => trails.id, { onDelete: "cascade" }),
    stallId: integer("stall_id").references(() => stalls.id, { onDelete: "set null" }),
    stallPublicId: text("stall_public_id").notNull(),
    stallName: text("stall_name").notNull(),
    position: integer("position").notNull(),
    note: text("note"),
  },
  (t) => [
    primaryKey({ columns: [t.trailId, t.position] }),
    uniqueIndex("trail_stops_trail_stall_unique").on(t.trailId, t.stallId),
    index("trail_stops_stall_idx").on(t.stallId),
    check("trail_stops_position_check", sql`${t.position} BETWEEN 1 AND 12`),
    check("trail_stops_note_length", sql`${t.note} IS NULL OR length(${t.note}) <= 280`),
  ],
);

/** A signed-in user's saved trail; trails.saves_count is recomputed from these rows in the same batch as each write. */
export const trailSaves = marksTable(
  "trail_saves",
  "trailId",
  () =>
    integer("trail_id")
      .notNull()
      .references(() => trails.id, { onDelete: "cascade" }),
  (t) => [index("trail_saves_user_created_idx").on(t.userId, t.createdAt)],
);

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
import type { SearchKeys } from "~/lib/rules/normalise";
import { DISCOVERY_TAG_VALUES, MODERATION_STATUSES, type ModerationStatus } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { CONFIRMATION_ANSWERS, type ConfirmationAnswer } from "~/lib/schemas/community";
import type { MenuItem } from "~/lib/schemas/menu";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";

/** The stall a row belongs to: deleting the stall deletes the row. */
export const stallRef = () =>
  integer("stall_id")
    .notNull()
    .references(() => stalls.id, { onDelete: "cascade" });

export const stalls = sqliteTable(
  "stalls",
  {
    id: rowId(),
    shopUniqueId: text("shop_unique_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default("Street Food"),
    location: text("location").notNull().default(""),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** Spatial key from app/lib/rules/geo.ts gridCell(): nearby queries read index ranges of cells (ADR 004). */
    gridCell: integer("grid_cell").notNull(),
    contactNumber: text("contact_number"),
    weeklySchedule: text("weekly_schedule", { mode: "json" }).$type<WeeklySchedule>(),
    timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
    menu: text("menu", { mode: "json" }).$type<MenuItem[]>().notNull().default(sql`'[]'`),
    thumbnailImage: text("thumbnail_image"),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    // Copies of the stall_tags / stall_discovery_tags rows, in order, so a list reads one row per stall. The join
    // tables stay the source for filtering and counting; newStallStatements writes both in one batch.
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    discoveryTags: text("discovery_tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    ratingAverage: real("rating_average"),
    ratingCount: integer("rating_count").notNull().default(0),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    status: text("status").$type<ModerationStatus>().notNull().default("pending"),
    statusReason: text("status_reason"),
    createdBy: optionalUserRef("created_by"),
    /** Set when a moderator approves the owner's claim (stall_claims). */
    ownerId: optionalUserRef("owner_id"),
    /** The search document's loose Roman keys (app/lib/rules/normalise.ts), which the search indexes hold (ADR 018):
     * written with the text by the model; a trigger clears them when the text changes without them, and the
     * indexes then hold the text itself. */
    searchKeys: text("search_keys", { mode: "json" }).$type<SearchKeys>(),
    /** When someone last answered 'Still here?' with Yes (stall_confirmations). */
    lastConfirmedAt: integer("last_confirmed_at"),
    /** Engagement of the last 7 days, written by the scheduled hot-score job (ADR 022); 0 means not trending. */
    trendingScore: real("trending_score").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("stalls_shop_unique_id_unique").on(t.shopUniqueId),
    index("stalls_approved_trending_idx")
      .on(t.trendingScore, t.id)
      .where(sql`status = 'approved' AND trending_score > 0`),
    // Partial indexes carry only what visitors can see, so browsing never reads pending or rejected rows.
    index("stalls_approved_grid_idx").on(t.gridCell).where(sql`status = 'approved'`),
    index("stalls_approved_created_idx").on(t.createdAt).where(sql`status = 'approved'`),
    index("stalls_approved_rating_idx").on(t.ratingAverage).where(sql`status = 'approved'`),
    index("stalls_pending_created_idx").on(t.createdAt).where(sql`status = 'pending'`),
    index("stalls_created_by_idx").on(t.createdBy),
    check("stalls_status_check", sql`${t.status} IN ${oneOf(MODERATION_STATUSES)}`),
    check("stalls_latitude_check", sql`${t.latitude} BETWEEN -90 AND 90`),
    check("stalls_longitude_check", sql`${t.longitude} BETWEEN -180 AND 180`),
    check(
      "stalls_rating_check",
      sql`${t.ratingAverage} IS NULL OR (${t.ratingAverage} >= 1 AND ${t.ratingAverage} <= 5)`,
    ),
    check("stalls_rating_count_check", sql`${t.ratingCount} >= 0`),
    check("stalls_name_check", sql`length(trim(${t.name})) > 0`),
    check("stalls_rejection_reason", sql`${t.status} <> 'rejected' OR ${t.statusReason} IS NOT NULL`),
  ],
);

export const stallTags = sqliteTable(
  "stall_tags",
  {
    stallId: stallRef(),
    tag: text("tag").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stallId, t.tag] }),
    index("stall_tags_tag_idx").on(t.tag, t.stallId),
    check("stall_tags_tag_check", sql`length(trim(${t.tag})) BETWEEN 1 AND 30`),
  ],
);

export const stallDiscoveryTags = sqliteTable(
  "stall_discovery_tags",
  {
    stallId: stallRef(),
    tag: text("tag").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stallId, t.tag] }),
    index("stall_discovery_tags_tag_idx").on(t.tag, t.stallId),
    check("stall_discovery_tags_value_check", sql`${t.tag} IN ${oneOf(DISCOVERY_TAG_VALUES)}`),
  ],
);

// How many approved stalls carry each tag, discovery tag and menu word, for the search page's counts. Triggers
// (migrations/0006_search_counts.sql) keep them right with every write to stalls and their tags, whatever code
// writes; a count at 0 stays as a row. menu_word_counts holds one row per MENU_WORDS entry (a new word needs a
// migration adding its row), counting stalls whose menu text holds the word, as the index's `menu :` filter does.
const countColumn = () => integer("stalls").notNull().default(0);

export const stallTagCounts = sqliteTable("stall_tag_counts", {
  tag: text("tag").primaryKey(),
  stalls: countColumn(),
});

export const stallDiscoveryTagCounts = sqliteTable("stall_discovery_tag_counts", {
  tag: text("tag").primaryKey(),
  stalls: countColumn(),
});

export const menuWordCounts = sqliteTable("menu_word_counts", {
  word: text("word").primaryKey(),
  stalls: countColumn(),
});

/** Another name of a dish, one row per name (golgappa, puchka and पानी पूरी for pani puri): search, suggestions
 * and tag searches look for every name of a dish (ADR 018). Moderators keep the list at /moderation/aliases. */
export const dishAliases = sqliteTable(
  "dish_aliases",
  {
    id: rowId(),
    dish: text("dish").notNull(),
    alias: text("alias").notNull(),
    createdBy: optionalUserRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("dish_aliases_alias_unique").on(sql`lower(${t.alias})`),
    index("dish_aliases_dish_idx").on(t.dish),
    check("dish_aliases_dish_check", sql`length(trim(${t.dish})) BETWEEN 1 AND 60`),
    check("dish_aliases_alias_check", sql`length(trim(${t.alias})) BETWEEN 1 AND 60`),
  ],
);

/** The Hindi name of a label people see on stalls (a category, a tag, a cuisine, a dish: "Tibetan", "samosa"),
 * one row per English label whatever its case. Labels are free text, so their names are data that moderators keep
 * at /moderation/labels, not catalogue entries; Hindi pages show them, and search finds a stall by either (ADR 035). */
export const labelNames = sqliteTable(
  "label_names",
  {
    id: rowId(),
    label: text("label").notNull(),
    hindi: text("hindi").notNull(),
    updatedBy: optionalUserRef("updated_by"),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("label_names_label_unique").on(sql`lower(${t.label})`),
    check("label_names_label_check", sql`length(trim(${t.label})) BETWEEN 1 AND 60`),
    check("label_names_hindi_check", sql`length(trim(${t.hindi})) BETWEEN 1 AND 60`),
  ],
);

/** One row: a number that goes up whenever something an anonymous visitor can see changes (stalls, their tags,
 * reviews, reviewers' names). Triggers keep it (migration 0007); the edge cache keys public pages by it (ADR 017). */
export const publicContentVersion = sqliteTable(
  "public_content_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(0),
  },
  (t) => [check("public_content_version_single_row", sql`${t.id} = 1`)],
);

/** A signed-in user's bookmark, with the private note and personal rating of My Food Trail. The composite key makes
 * a toggle idempotent: concurrent inserts of the same pair collapse into one row. */
export const favourites = sqliteTable(
  "favourites",
  {
    userId: userRef(),
    stallId: stallRef(),
    note: text("note"),
    personalRating: integer("personal_rating"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stallId] }),
    index("favourites_user_created_idx").on(t.userId, t.createdAt),
    index("favourites_stall_idx").on(t.stallId),
    // The hourly trending job reads the week's rows (ADR 022).
    index("favourites_created_idx").on(t.createdAt),
    check("favourites_rating_check", sql`${t.personalRating} IS NULL OR ${t.personalRating} BETWEEN 1 AND 5`),
    check("favourites_note_length", sql`${t.note} IS NULL OR length(${t.note}) <= 1000`),
  ],
);

/** A public review: one per user and stall. stalls.rating_average and rating_count are recomputed from this table in
 * the same batch as every write to it. */
export const reviews = sqliteTable(
  "reviews",
  {
    id: rowId(),
    stallId: stallRef(),
    userId: userRef(),
    rating: integer("rating").notNull(),
    body: text("body"),
    /** Rows of review_likes, recomputed in the batch of every like or unlike. */
    likeCount: integer("like_count").notNull().default(0),
    /** Hidden pending a moderator's review once its reports weigh enough (ADR 051): left out of the stall's page and
     * rating until a moderator keeps it. */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: optionalUserRef("hidden_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("reviews_stall_user_unique").on(t.stallId, t.userId),
    index("reviews_stall_created_idx").on(t.stallId, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_body_length", sql`${t.body} IS NULL OR length(${t.body}) <= 1000`),
  ],
);

/** "Claim This Stall": an owner asks to be recorded; approval sets stalls.is_verified and stalls.owner_id. */
export const stallClaims = sqliteTable(
  "stall_claims",
  {
    id: rowId(),
    stallId: stallRef(),
    userId: userRef(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<ModerationStatus>().notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
    decidedBy: optionalUserRef("decided_by"),
  },
  (t) => [
    // One open claim per person and stall; a decided claim does not block asking again.
    uniqueIndex("stall_claims_pending_unique").on(t.stallId, t.userId).where(sql`status = 'pending'`),
    index("stall_claims_pending_created_idx").on(t.createdAt).where(sql`status = 'pending'`),
    check("stall_claims_status_check", sql`${t.status} IN ${oneOf(MODERATION_STATUSES)}`),
    check("stall_claims_name_length", sql`length(trim(${t.name})) BETWEEN 1 AND 100`),
    check("stall_claims_phone_length", sql`length(trim(${t.phone})) BETWEEN 1 AND 20`),
    check("stall_claims_reason_length", sql`length(trim(${t.reason})) BETWEEN 1 AND 1000`),
  ],
);

/** An answer to a stall page's 'Still here?': one per person and stall in 30 days (the model checks the window). */
export const stallConfirmations = sqliteTable(
  "stall_confirmations",
  {
    id: rowId(),
    stallId: stallRef(),
    userId: userRef(),
    answer: text("answer").$type<ConfirmationAnswer>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stall_confirmations_stall_created_idx").on(t.stallId, t.createdAt),
    index("stall_confirmations_user_stall_idx").on(t.userId, t.stallId, t.createdAt),
    check("stall_confirmations_answer_check", sql`${t.answer} IN ${oneOf(CONFIRMATION_ANSWERS)}`),
  ],
);

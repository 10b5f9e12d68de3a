import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { OAUTH_PROVIDERS, type OAuthProvider } from "~/lib/auth/oauth.server";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { ACHIEVEMENT_KEYS, type AchievementKey } from "~/lib/rules/achievements";
import type { SearchKeys } from "~/lib/rules/normalise";
import {
  CONTACT_TOPICS,
  type ContactTopic,
  DISCOVERY_TAG_VALUES,
  DISTANCE_UNITS,
  type DistanceUnit,
  GENDERS,
  type Gender,
  HOME_CITIES,
  type HomeCity,
  MENTION_POLICIES,
  type MentionPolicy,
  MODERATION_STATUSES,
  type ModerationStatus,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
  ROLES,
  type Role,
  SUPPORT_STATUSES,
  type SupportStatus,
} from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import {
  CONFIRMATION_ANSWERS,
  type ConfirmationAnswer,
  POST_TYPES,
  type PostType,
} from "~/lib/schemas/community";
import { TRAIL_VISIBILITIES, type TrailVisibility } from "~/lib/schemas/food-trail";
import type { MenuItem } from "~/lib/schemas/menu";
import {
  REPORT_DECISIONS,
  REPORT_REASON_VALUES,
  REPORT_SUBJECT_TYPES,
  type ReportDecision,
  type ReportReason,
  type ReportSubjectType,
} from "~/lib/schemas/moderation";
import { REEL_STATUSES, REEL_VIDEO_TYPES, type ReelStatus, type ReelVideoType } from "~/lib/schemas/reels";

// Timestamps are Unix milliseconds: one number type everywhere, sortable, and cheap to compare in SQL.
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** The allowed values of a column, as the SQL list its check compares with; they are the app's own constants
 * (the lists its types come from), so they go into the SQL as written. */
const oneOf = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);

const rowId = () => integer("id").primaryKey({ autoIncrement: true });

/** The user a row belongs to: deleting the user deletes the row. */
const userRef = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A user a row names (who created, owns or decided it): deleting the user leaves the row, naming nobody. */
const optionalUserRef = (name: string) => text(name).references(() => users.id, { onDelete: "set null" });

/** The stall a row belongs to: deleting the stall deletes the row. */
const stallRef = () =>
  integer("stall_id")
    .notNull()
    .references(() => stalls.id, { onDelete: "cascade" });

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    emailVerifiedAt: integer("email_verified_at"),
    role: text("role").$type<Role>().notNull().default("user"),
    /** Set when the person deleted their account: the row stays, scrubbed, so their public stalls, reviews and
     * posts keep an author shown as 'Deleted user' (issue 22); nothing personal is left on it. */
    deletedAt: integer("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_role_check", sql`${t.role} IN ${oneOf(ROLES)}`),
    check("users_email_lowercase", sql`${t.email} = lower(trim(${t.email})) AND ${t.email} LIKE '%_@_%'`),
  ],
);

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    username: text("username"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    location: text("location"),
    phone: text("phone"),
    dateOfBirth: text("date_of_birth"),
    foodPreferences: text("food_preferences", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    gender: text("gender").$type<Gender>(),
    gpsCoordinates: text("gps_coordinates").notNull().default(""),
    /** The interface language the person chose in Settings (app/lib/i18n/languages.ts); null: from the browser. */
    language: text("language").$type<Language>(),
    units: text("units").$type<DistanceUnit>().notNull().default("km"),
    /** Where Discover and the generator start without a shared location; null: the app's default. */
    homeCity: text("home_city").$type<HomeCity>(),
    profileVisibility: text("profile_visibility").$type<ProfileVisibility>().notNull().default("public"),
    mentionPolicy: text("mention_policy").$type<MentionPolicy>().notNull().default("everyone"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("profiles_username_unique").on(t.username),
    check("profiles_gender_check", sql`${t.gender} IS NULL OR ${t.gender} IN ${oneOf(GENDERS)}`),
    check("profiles_language_check", sql`${t.language} IS NULL OR ${t.language} IN ${oneOf(LANGUAGES)}`),
    check("profiles_units_check", sql`${t.units} IN ${oneOf(DISTANCE_UNITS)}`),
    check("profiles_home_city_check", sql`${t.homeCity} IS NULL OR ${t.homeCity} IN ${oneOf(HOME_CITIES)}`),
    check("profiles_visibility_check", sql`${t.profileVisibility} IN ${oneOf(PROFILE_VISIBILITIES)}`),
    check("profiles_mention_policy_check", sql`${t.mentionPolicy} IN ${oneOf(MENTION_POLICIES)}`),
    check("profiles_bio_length", sql`${t.bio} IS NULL OR length(${t.bio}) <= 500`),
    check("profiles_full_name_length", sql`length(trim(${t.fullName})) >= 2`),
  ],
);

/** Sessions are stored by the SHA-256 of their tokens, so a leaked table cannot be replayed (ADR 003). */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** API clients trade the refresh token for a new pair (POST /api/auth/refresh); null for cookie sessions. */
    refreshHash: text("refresh_hash"),
    /** Every session traded from one sign-in's refresh token shares its family, so a reused token revokes all. */
    refreshFamily: text("refresh_family"),
    userId: userRef(),
    /** The browser or app that signed in (its User-Agent, cut to 200 characters), for Settings' session list. */
    userAgent: text("user_agent"),
    /** Written at most once a day, with the sliding expiry (session.server.ts). */
    lastSeenAt: integer("last_seen_at"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    uniqueIndex("sessions_refresh_unique").on(t.refreshHash),
    index("sessions_refresh_family_idx").on(t.refreshFamily),
  ],
);

/** Refresh tokens already traded, kept until they would have expired: a second use marks a stolen token. */
export const spentRefreshTokens = sqliteTable("spent_refresh_tokens", {
  refreshHash: text("refresh_hash").primaryKey(),
  refreshFamily: text("refresh_family").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

export const EMAIL_TOKEN_PURPOSES = ["confirm", "reset"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Single-use e-mail links (confirm address, reset password), stored by the SHA-256 of their token. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef(),
    purpose: text("purpose").$type<EmailTokenPurpose>().notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_tokens_user_idx").on(t.userId),
    check("email_tokens_purpose_check", sql`${t.purpose} IN ${oneOf(EMAIL_TOKEN_PURPOSES)}`),
  ],
);

/** Mail the development mailer "sends": shown at /dev/mail, never delivered. */
export const outbox = sqliteTable("outbox", {
  id: rowId(),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  link: text("link"),
  createdAt: createdAt(),
});

/** A Google or GitHub account that signs in as a Nukkad user. */
export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider").$type<OAuthProvider>().notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerUserId] }),
    index("oauth_accounts_user_idx").on(t.userId),
    check("oauth_accounts_provider_check", sql`${t.provider} IN ${oneOf(OAUTH_PROVIDERS)}`),
  ],
);

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

/** Double opt-in: an address counts once its link is followed (confirmed_at). Rows from before opt-in existed were
 * never confirmed and do not count. */
export const newsletterSubscriptions = sqliteTable("newsletter_subscriptions", {
  email: text("email").primaryKey(),
  /** SHA-256 of the confirmation link's token; cleared once used. */
  confirmTokenHash: text("confirm_token_hash"),
  confirmedAt: integer("confirmed_at"),
  createdAt: createdAt(),
});

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

export const NOTIFICATION_TYPES = [
  "like",
  "follow",
  "comment",
  "mention",
  "achievement",
  "stall_update",
  "trending",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CHANNELS = ["in_app", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Rows for the notifications page, typed as that page shows them (like, follow, comment, achievement,
 * stall_update, trending). One row per event; likes and follows on one subject are grouped as they are written
 * (ADR 024): the newest row of a group is its head, carries the group's size and is the one the inbox lists. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: rowId(),
    userId: userRef(),
    type: text("type").$type<NotificationType>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    /** Who did it (the liker, follower, commenter); null for the app's own notices or a deleted account. */
    actorId: optionalUserRef("actor_id"),
    /** What it is about, as 'post:<public id>', 'review:<id>', 'user:<id>' or 'stall:<id>': the notifications page
     * shows a removed subject as removed. */
    subject: text("subject"),
    /** Rows with the same key for one user, within 48 hours of the group's first, are one inbox item ('like:<subject>'
     * or 'follow'); null for types that are never grouped (comments, mentions, the app's own notices). */
    groupKey: text("group_key"),
    /** When the group's first event happened: a group never spans more than 48 hours. */
    groupStartedAt: integer("group_started_at"),
    /** How many people the group holds, counted on the head. */
    groupSize: integer("group_size").notNull().default(1),
    /** Whether the inbox lists this row: the newest row of its group, or a row of a type that is never grouped. */
    isHead: integer("is_head", { mode: "boolean" }).notNull().default(true),
    readAt: integer("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_inbox_idx").on(t.userId, t.createdAt, t.id).where(sql`is_head = 1`),
    index("notifications_unread_idx")
      .on(t.userId, t.createdAt, t.id)
      .where(sql`is_head = 1 AND read_at IS NULL`),
    index("notifications_mentions_idx")
      .on(t.userId, t.createdAt, t.id)
      .where(sql`is_head = 1 AND type IN ('like', 'comment', 'mention')`),
    index("notifications_group_idx")
      .on(t.userId, t.groupKey, t.actorId, t.createdAt)
      .where(sql`group_key IS NOT NULL`),
    index("notifications_group_head_idx")
      .on(t.userId, t.groupKey, t.groupStartedAt)
      .where(sql`is_head = 1 AND group_key IS NOT NULL`),
    // A mention is sent once per post and person; deleting a person deletes their rows through this index too.
    index("notifications_user_type_subject_idx").on(t.userId, t.type, t.subject),
    index("notifications_created_idx").on(t.createdAt),
    check("notifications_type_check", sql`${t.type} IN ${oneOf(NOTIFICATION_TYPES)}`),
    check("notifications_group_size_check", sql`${t.groupSize} >= 1`),
  ],
);

/** The notification channels a person switched off, per type (Settings > Community): no row means on. E-mail exists
 * for stall_update only. */
export const notificationMutes = sqliteTable(
  "notification_mutes",
  {
    userId: userRef(),
    type: text("type").$type<NotificationType>().notNull(),
    channel: text("channel").$type<NotificationChannel>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.channel] }),
    check("notification_mutes_type_check", sql`${t.type} IN ${oneOf(NOTIFICATION_TYPES)}`),
    check("notification_mutes_channel_check", sql`${t.channel} IN ${oneOf(NOTIFICATION_CHANNELS)}`),
  ],
);

/** Web push (issue 23): one row per browser that turned push on, so one person has as many as their devices. The
 * endpoint is the push service's URL for that browser, unique: a browser signed in as someone else moves to them. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: rowId(),
    userId: userRef(),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which each message is encrypted for (RFC 8291). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** When its push service last accepted a message; null: never yet. */
    lastSuccessAt: integer("last_success_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_endpoint_https", sql`${t.endpoint} LIKE 'https://%'`),
  ],
);

/** The achievements a person has earned, each once: the row is what makes its notification go out only the first
 * time the rule becomes true. */
export const userAchievements = sqliteTable(
  "user_achievements",
  {
    userId: userRef(),
    achievement: text("achievement").$type<AchievementKey>().notNull(),
    earnedAt: integer("earned_at").notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.achievement] }),
    check("user_achievements_key_check", sql`${t.achievement} IN ${oneOf(ACHIEVEMENT_KEYS)}`),
  ],
);

/** Every photo stored in R2, so daily upload limits can be counted and a rejected or deleted stall's photos
 * removed. stall_id is set when a submitted stall uses the photo; unattached uploads belong to their uploader. */
export const photos = sqliteTable(
  "photos",
  {
    key: text("key").primaryKey(),
    userId: optionalUserRef("user_id"),
    stallId: integer("stall_id").references(() => stalls.id, { onDelete: "set null" }),
    /** The post that shows it: a used upload, kept by the clean-up and counted in the day's uploads like a stall's;
     * it goes with the post. */
    postId: integer("post_id").references((): AnySQLiteColumn => posts.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_user_created_idx").on(t.userId, t.createdAt),
    index("photos_stall_idx").on(t.stallId),
    index("photos_post_idx").on(t.postId),
    check("photos_content_type_check", sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp')`),
    check("photos_size_check", sql`${t.size} BETWEEN 1 AND 5242880`),
  ],
);

/** Fixed-window counters (sign-in failures, sign-ups, reports, e-mails): one upsert counts and reads atomically. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** When the current window ends (Unix ms); the next hit after it starts a new window at 1. */
  resetsAt: integer("resets_at").notNull(),
});

/** The first answer to a create request with an Idempotency-Key, replayed for a retry of the same key. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: userRef(),
    /** The endpoint the key was used on, so one key cannot replay another endpoint's answer. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** Null while the first request is still being handled. */
    status: integer("status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

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
export const trailSaves = sqliteTable(
  "trail_saves",
  {
    trailId: integer("trail_id")
      .notNull()
      .references(() => trails.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.trailId, t.userId] }),
    index("trail_saves_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** A change of e-mail address waiting for the link sent to the new address (issue 22), stored by the SHA-256 of its
 * token like email_tokens (whose purposes have no room for the new address). */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef(),
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_changes_user_idx").on(t.userId),
    check(
      "email_changes_email_lowercase",
      sql`${t.newEmail} = lower(trim(${t.newEmail})) AND ${t.newEmail} LIKE '%_@_%'`,
    ),
  ],
);

/** A message from /contact or Settings' 'Report a problem', answered from the moderators' Support inbox. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: rowId(),
    /** Who wrote, when signed in; the name and address are kept either way, as typed. */
    userId: optionalUserRef("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").$type<ContactTopic>().notNull(),
    message: text("message").notNull(),
    /** For 'Report a problem': the page the person was on and the app version. */
    page: text("page"),
    appVersion: text("app_version"),
    status: text("status").$type<SupportStatus>().notNull().default("open"),
    answer: text("answer"),
    answeredBy: optionalUserRef("answered_by"),
    answeredAt: integer("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_status_created_idx").on(t.status, t.createdAt, t.id),
    check("contact_messages_topic_check", sql`${t.topic} IN ${oneOf(CONTACT_TOPICS)}`),
    check("contact_messages_status_check", sql`${t.status} IN ${oneOf(SUPPORT_STATUSES)}`),
    check("contact_messages_length", sql`length(${t.message}) BETWEEN 1 AND 2000`),
    check("contact_messages_answered", sql`${t.status} <> 'answered' OR ${t.answer} IS NOT NULL`),
  ],
);

// The community (issue 19): posts, their likes, saves, comments and reports, follows, and 'Still here?' answers.
// Counts on posts and reviews are recomputed from their rows in the same batch as each write, so they always match.

/** A post on the feed. Its public id is in links; a hidden post (a moderator's decision, with the reason shown to its
 * author) is seen by its author only. */
export const posts = sqliteTable(
  "posts",
  {
    id: rowId(),
    publicId: text("public_id").notNull(),
    userId: userRef(),
    /** The author as every list shows them (PersonView), copied from their profile when the post is written and by
     * every change of those profile fields, so a feed page reads no profile (ADR 025). The default is only for
     * adding the column to existing rows. */
    authorName: text("author_name").notNull().default(""),
    authorUsername: text("author_username"),
    authorAvatarUrl: text("author_avatar_url"),
    type: text("type").$type<PostType>().notNull(),
    body: text("body").notNull(),
    /** The stall it is pinned to; a deleted stall leaves the post unpinned. */
    stallId: integer("stall_id").references(() => stalls.id, { onDelete: "set null" }),
    /** The pinned stall's grid cell (app/lib/rules/geo.ts), copied when pinned, so Nearby reads index ranges of
     * cells like Discover does (ADR 004). */
    gridCell: integer("grid_cell"),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Where the writer was, when they chose to share it. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    saveCount: integer("save_count").notNull().default(0),
    /** For You's rank, written by the scheduled hot-score job (ADR 022) and when a post is created. */
    hotScore: real("hot_score").notNull().default(0),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: optionalUserRef("hidden_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("posts_public_id_unique").on(t.publicId),
    index("posts_visible_hot_idx").on(t.hotScore, t.id).where(sql`hidden_at IS NULL`),
    index("posts_visible_created_idx").on(t.createdAt, t.id).where(sql`hidden_at IS NULL`),
    index("posts_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("posts_visible_cell_idx").on(t.gridCell, t.createdAt, t.id).where(sql`hidden_at IS NULL`),
    index("posts_stall_created_idx").on(t.stallId, t.createdAt),
    check("posts_type_check", sql`${t.type} IN ${oneOf(POST_TYPES)}`),
    check("posts_body_length", sql`length(trim(${t.body})) BETWEEN 1 AND 1000`),
    check("posts_counts_check", sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0 AND ${t.saveCount} >= 0`),
    check("posts_hidden_reason", sql`${t.hiddenAt} IS NULL OR ${t.hiddenReason} IS NOT NULL`),
    check("posts_position_check", sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
  ],
);

const postRef = () =>
  integer("post_id")
    .notNull()
    .references(() => posts.id, { onDelete: "cascade" });

export const postLikes = sqliteTable(
  "post_likes",
  { postId: postRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_likes_user_idx").on(t.userId),
    index("post_likes_created_idx").on(t.createdAt),
  ],
);

export const reviewLikes = sqliteTable(
  "review_likes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index("review_likes_user_idx").on(t.userId),
    index("review_likes_created_idx").on(t.createdAt),
  ],
);

/** A post someone saved: the Saved posts list on their profile, newest saved first. */
export const postSaves = sqliteTable(
  "post_saves",
  { postId: postRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index("post_saves_user_created_idx").on(t.userId, t.createdAt, t.postId),
  ],
);

/** A comment on a post, threaded one level: a reply's parent is a top-level comment of the same post. */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: rowId(),
    postId: postRef(),
    userId: userRef(),
    parentId: integer("parent_id").references((): AnySQLiteColumn => postComments.id, {
      onDelete: "cascade",
    }),
    body: text("body").notNull(),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, t.createdAt, t.id),
    index("post_comments_user_created_idx").on(t.userId, t.createdAt),
    check("post_comments_body_length", sql`length(trim(${t.body})) BETWEEN 1 AND 500`),
    check("post_comments_hidden_reason", sql`${t.hiddenAt} IS NULL OR ${t.hiddenReason} IS NOT NULL`),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: userRef("follower_id"),
    followeeId: userRef("followee_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_created_idx").on(t.followeeId, t.createdAt),
    index("follows_follower_created_idx").on(t.followerId, t.createdAt),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
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

/**
 * Following, written ahead (ADR 023): one row per follower for each post of someone they follow, put there in the
 * batch that shares the post or starts the follow, taken away by unfollowing, deleting the post (cascade) or deleting
 * either account. Following reads one range of the primary key from its cursor, newest first. A hidden post keeps its
 * rows; the read drops it through posts.
 */
export const feedEntries = sqliteTable(
  "feed_entries",
  {
    followerId: userRef("follower_id"),
    /** The post's created_at, so the key sorts a follower's entries as Following lists them. */
    createdAt: integer("created_at").notNull(),
    postId: postRef(),
    authorId: userRef("author_id"),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.createdAt, t.postId] }),
    // Unfollowing deletes one author's entries of one follower.
    index("feed_entries_follower_author_idx").on(t.followerId, t.authorId),
    // Deleting a post cascades here by post id; without it each delete would scan every follower's entries.
    index("feed_entries_post_idx").on(t.postId),
  ],
);

// Reels (issue 21): short videos of stalls. The bytes live in R2 under media/ (ADR 026), a reel row holds their keys.

/** A reel: a video pinned to a stall. Pending until a moderator approves it (seen by its author only till then); a
 * rejected or deleted reel is deleted with its R2 objects, so every row's keys point at stored bytes. */
export const reels = sqliteTable(
  "reels",
  {
    id: rowId(),
    publicId: text("public_id").notNull(),
    userId: userRef(),
    stallId: stallRef(),
    /** The stall's grid cell (app/lib/rules/geo.ts), copied when pinned, so Nearby reads index ranges of cells. */
    gridCell: integer("grid_cell").notNull(),
    caption: text("caption").notNull().default(""),
    /** Media keys (app/lib/http/media-url.ts): the video and its poster frame. */
    videoKey: text("video_key").notNull(),
    posterKey: text("poster_key").notNull(),
    videoType: text("video_type").$type<ReelVideoType>().notNull(),
    videoBytes: integer("video_bytes").notNull(),
    /** Read from the file by the server, never taken from the client. */
    durationMs: integer("duration_ms").notNull(),
    width: integer("width"),
    height: integer("height"),
    status: text("status").$type<ReelStatus>().notNull().default("pending"),
    likeCount: integer("like_count").notNull().default(0),
    saveCount: integer("save_count").notNull().default(0),
    /** For You's rank, written by the scheduled hot-score job (ADR 022) and on approval. */
    hotScore: real("hot_score").notNull().default(0),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: optionalUserRef("reviewed_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reels_public_id_unique").on(t.publicId),
    index("reels_approved_hot_idx").on(t.hotScore, t.id).where(sql`status = 'approved'`),
    index("reels_approved_cell_idx").on(t.gridCell, t.createdAt, t.id).where(sql`status = 'approved'`),
    index("reels_pending_created_idx").on(t.createdAt, t.id).where(sql`status = 'pending'`),
    // The author's reels (Following, their profile) and their day, which the daily limit counts.
    index("reels_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("reels_stall_created_idx").on(t.stallId, t.createdAt),
    check("reels_status_check", sql`${t.status} IN ${oneOf(REEL_STATUSES)}`),
    check("reels_video_type_check", sql`${t.videoType} IN ${oneOf(REEL_VIDEO_TYPES)}`),
    check("reels_caption_length", sql`length(${t.caption}) <= 300`),
    check("reels_counts_check", sql`${t.likeCount} >= 0 AND ${t.saveCount} >= 0`),
    check("reels_limits_check", sql`${t.durationMs} > 0 AND ${t.videoBytes} > 0`),
  ],
);

const reelRef = () =>
  integer("reel_id")
    .notNull()
    .references(() => reels.id, { onDelete: "cascade" });

export const reelLikes = sqliteTable(
  "reel_likes",
  { reelId: reelRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.reelId, t.userId] }), index("reel_likes_user_idx").on(t.userId)],
);

/** A reel someone saved (its bookmark button): the Saved tab of /reels, newest saved first. */
export const reelSaves = sqliteTable(
  "reel_saves",
  { reelId: reelRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.reelId, t.userId] }),
    index("reel_saves_user_created_idx").on(t.userId, t.createdAt, t.reelId),
  ],
);

/** An R2 multipart upload of a reel's video in progress: whose it is, so only they add parts or finish it, and when
 * it began, so the hourly job aborts the abandoned ones (and the daily limit counts uploads begun). */
export const reelUploads = sqliteTable(
  "reel_uploads",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    /** R2's id of the multipart upload. */
    uploadId: text("upload_id").notNull(),
    videoKey: text("video_key").notNull(),
    /** The size the client declared, within the 50 MB limit; the finished object's real size is checked again. */
    declaredBytes: integer("declared_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("reel_uploads_user_created_idx").on(t.userId, t.createdAt),
    index("reel_uploads_created_idx").on(t.createdAt),
  ],
);

/**
 * Every report of anything people can report (ADR 045), keyed by what it is about: a subject type and that subject's
 * own key (its row id, a person's user id), which the subject's adapter in app/models/report/ reads. No foreign key
 * can point at seven tables, so a subject deleted by other means leaves its reports behind: the queues join the
 * subject and so never show them. A decision is recorded on the report rows it closes: who, when and which.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: rowId(),
    subjectType: text("subject_type").$type<ReportSubjectType>().notNull(),
    subjectId: text("subject_id").notNull(),
    reporterId: userRef("reporter_id"),
    reason: text("reason").$type<ReportReason>().notNull(),
    /** What the reporter wrote besides the reason; for "other", what the reason is. */
    details: text("details").notNull().default(""),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
    decidedBy: optionalUserRef("decided_by"),
    decision: text("decision").$type<ReportDecision>(),
  },
  (t) => [
    // One open report per person and subject; once decided, the same person may report it again.
    uniqueIndex("reports_open_reporter_unique")
      .on(t.subjectType, t.subjectId, t.reporterId)
      .where(sql`decided_at IS NULL`),
    index("reports_open_idx").on(t.subjectType, t.createdAt, t.id).where(sql`decided_at IS NULL`),
    index("reports_subject_idx").on(t.subjectType, t.subjectId),
    // The reporter's day, which the daily limits count.
    index("reports_reporter_created_idx").on(t.reporterId, t.createdAt),
    check("reports_subject_type_check", sql`${t.subjectType} IN ${oneOf(REPORT_SUBJECT_TYPES)}`),
    check("reports_reason_check", sql`${t.reason} IN ${oneOf(REPORT_REASON_VALUES)}`),
    check("reports_details_length", sql`length(${t.details}) <= 1000`),
    check(
      "reports_decision_check",
      sql`${t.decision} IS NULL OR ${t.decision} IN ${oneOf(REPORT_DECISIONS)}`,
    ),
    check("reports_decided", sql`(${t.decidedAt} IS NULL) = (${t.decision} IS NULL)`),
  ],
);

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { OAUTH_PROVIDERS, type OAuthProvider } from "~/lib/auth/oauth.server";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import {
  CONTACT_TOPICS,
  type ContactTopic,
  DISTANCE_UNITS,
  type DistanceUnit,
  GENDERS,
  type Gender,
  HOME_CITIES,
  type HomeCity,
  MENTION_POLICIES,
  type MentionPolicy,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
  ROLES,
  type Role,
  SUPPORT_STATUSES,
  type SupportStatus,
} from "~/lib/rules/options";
import { createdAt, oneOf, rowId } from "./columns";

/** The user a row belongs to: deleting the user deletes the row. */
export const userRef = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A user a row names (who created, owns or decided it): deleting the user leaves the row, naming nobody. */
export const optionalUserRef = (name: string) =>
  text(name).references(() => users.id, { onDelete: "set null" });

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

/** Double opt-in: an address counts once its link is followed (confirmed_at). Rows from before opt-in existed were
 * never confirmed and do not count. */
export const newsletterSubscriptions = sqliteTable("newsletter_subscriptions", {
  email: text("email").primaryKey(),
  /** SHA-256 of the confirmation link's token; cleared once used. */
  confirmTokenHash: text("confirm_token_hash"),
  confirmedAt: integer("confirmed_at"),
  createdAt: createdAt(),
});

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

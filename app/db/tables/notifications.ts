import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ACHIEVEMENT_KEYS, type AchievementKey } from "~/lib/rules/achievements";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";

/** The types a person can switch off in Settings (notification_mutes). */
const MUTABLE_TYPES = [
  "like",
  "follow",
  "comment",
  "mention",
  "achievement",
  "stall_update",
  "trending",
] as const;

/** Every type: the switchable ones and 'account', what moderators did to the person's account (ADR 052), which always
 * reaches them. */
export const NOTIFICATION_TYPES = [...MUTABLE_TYPES, "account"] as const;

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
    check("notification_mutes_type_check", sql`${t.type} IN ${oneOf(MUTABLE_TYPES)}`),
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

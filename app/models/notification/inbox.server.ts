import { and, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import {
  follows,
  notificationMutes,
  notifications,
  posts,
  profiles,
  reels,
  reviews,
  stalls,
  users,
} from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { msg, type Translate } from "~/lib/i18n/translate";
import { authorName, DELETED_USER_NAME } from "~/lib/rules/deleted-user";
import {
  EMAIL_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
  type NotificationSettings,
  type NotificationSettingsChange,
  type NotificationTab,
  type NotificationView,
  type SubjectKind,
  SWITCHABLE_TYPES,
} from "~/lib/schemas/notifications";
import { inFeedsOf } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { personColumns, personView } from "~/models/person.server";
import { invalidCursor } from "~/models/stall/stall.server";
import { refreshUnreadCounts } from "./notice.server";

// The inbox (issue 20): a page of items, read by keyset from the partial index of its tab, then one batch looks up
// the subjects and follow-backs of that page only. An item is a group's head (ADR 024), so a post with ten thousand
// likes costs one row, not ten thousand.

export const NOTIFICATION_NOT_FOUND = msg("Notification not found");

const TAB_FILTERS: Record<NotificationTab, SQL> = {
  all: sql`1 = 1`,
  unread: sql`${notifications.readAt} IS NULL`,
  mentions: sql`${notifications.type} IN ('like', 'comment', 'mention')`,
};

const REMOVED: Record<SubjectKind, string> = {
  post: msg("This post was removed"),
  reel: msg("This reel was removed"),
  review: msg("This review was removed"),
  stall: msg("This stall was removed"),
  user: msg("This account was deleted"),
};

function parseSubject(subject: string | null): { kind: SubjectKind; id: string } | null {
  const match = subject?.match(/^(post|reel|review|stall|user):(.+)$/);
  return match ? { kind: match[1] as SubjectKind, id: match[2] as string } : null;
}

/** A page of the reader's inbox, newest first, in the reader's language. Items whose actor the reader blocked or
 * muted, or who blocked the reader, are left out, those already written included (ADR 048). */
export async function listNotifications(
  db: Db,
  userId: string,
  { tab, cursor }: { tab: NotificationTab; cursor?: string },
  t: Translate,
): Promise<NotificationPage> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  if (after !== undefined) {
    const [createdAt, id] = after ?? [];
    if (typeof createdAt !== "number" || typeof id !== "number") throw invalidCursor();
  }
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      subject: notifications.subject,
      groupSize: notifications.groupSize,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actor: personColumns,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.isHead} = 1`,
        TAB_FILTERS[tab],
        inFeedsOf(userId, notifications.actorId),
        // The bound on created_at alone is what lets the index seek to the cursor; without it page n reads the
        // n - 1 pages before it again.
        after ? lte(notifications.createdAt, after[0] as number) : undefined,
        after
          ? or(
              lt(notifications.createdAt, after[0] as number),
              and(eq(notifications.createdAt, after[0] as number), lt(notifications.id, after[1] as number)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    // No extra row to learn whether more follow: a full page hands on a cursor, which may lead to an empty page.
    // The extra row would cost two reads (its head and its actor) on every page, past 3 rows per item.
    .limit(NOTIFICATIONS_PAGE_SIZE);
  const page = rows.map((row) => ({ ...row, actor: row.actor?.id ? personView(row.actor) : null }));
  const subjects = await lookUpSubjects(db, userId, page);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => {
      const subject = parseSubject(row.subject);
      const found = subject ? subjects.get(`${subject.kind}:${subject.id}`) : undefined;
      const removed = subject !== null && found === undefined;
      const { actor } = row;
      return {
        id: row.id,
        type: row.type,
        text: itemText(row, actor, t),
        body: row.body,
        actor,
        others: row.groupSize - 1,
        read: row.readAt !== null,
        created_at: new Date(row.createdAt).toISOString(),
        href: removed ? null : row.link,
        subject: subject
          ? {
              kind: subject.kind,
              removed,
              preview: removed ? t(REMOVED[subject.kind]) : (found?.preview ?? null),
            }
          : null,
        following_back: row.type === "follow" ? Boolean(actor && subjects.has(`follows:${actor.id}`)) : null,
      } satisfies NotificationView;
    }),
    next_cursor:
      page.length === NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}

/**
 * Likes and follows are written on read, in the reader's language, with the newest person's name as it is now and
 * the group's size. Comments and mentions say what their row says (written in the reader's language when sent,
 * and telling a reply from a comment), unless their writer has since deleted their account: nothing may name them
 * then (ADR 021).
 */
export function itemText(
  row: { type: NotificationView["type"]; title: string; groupSize: number; subject: string | null },
  actor: NotificationView["actor"],
  t: Translate,
): string {
  const gone = actor !== null && isDeletedPerson(actor);
  const name = actor === null ? t("Someone") : authorName(t, actor.name);
  const others = { name, count: row.groupSize - 1 };
  const review = row.subject?.startsWith("review:") ?? false;
  const reel = row.subject?.startsWith("reel:") ?? false;
  switch (row.type) {
    case "like":
      if (row.groupSize > 1)
        return review
          ? t("{name} and {count, plural, one {# other} other {# others}} liked your review", others)
          : reel
            ? t("{name} and {count, plural, one {# other} other {# others}} liked your reel", others)
            : t("{name} and {count, plural, one {# other} other {# others}} liked your post", others);
      if (review) return t("{name} liked your review", { name });
      return reel ? t("{name} liked your reel", { name }) : t("{name} liked your post", { name });
    case "follow":
      return row.groupSize > 1
        ? t("{name} and {count, plural, one {# other} other {# others}} started following you", others)
        : t("{name} started following you", { name });
    case "comment":
      return gone ? t("{name} commented on your post", { name }) : row.title;
    case "mention":
      return gone ? t("{name} mentioned you in a post", { name }) : row.title;
    default:
      return row.title;
  }
}

/** A deleted account keeps a scrubbed profile: no username and the deleted-user name (ADR 021). */
const isDeletedPerson = (person: { username: string | null; name: string }) =>
  person.username === null && person.name === DELETED_USER_NAME;

/**
 * What the page's subjects are now, keyed 'kind:id' (with a preview), and 'follows:<id>' for each newest follower
 * the reader follows back: one batch of one indexed read per item at most, and no statement for a kind the page
 * does not have. A subject missing from the answer was removed (a hidden post counts as removed for everyone but
 * its author, who is the reader of its likes). A person is known from the item's actor when they are its subject
 * (a follow) and the reader is never gone to themselves (an achievement); any other person is looked up.
 */
async function lookUpSubjects(
  db: Db,
  userId: string,
  rows: {
    type: string;
    subject: string | null;
    actor: { id: string; username: string | null; name: string } | null;
  }[],
): Promise<Map<string, { preview: string | null }>> {
  const found = new Map<string, { preview: string | null }>();
  const ids: Record<SubjectKind, string[]> = { post: [], reel: [], review: [], stall: [], user: [] };
  for (const row of rows) {
    const subject = parseSubject(row.subject);
    if (!subject) continue;
    if (subject.kind !== "user") ids[subject.kind].push(subject.id);
    else if (subject.id === userId) found.set(`user:${subject.id}`, { preview: null });
    else if (row.actor?.id === subject.id) {
      if (!isDeletedPerson(row.actor)) found.set(`user:${subject.id}`, { preview: null });
    } else ids.user.push(subject.id);
  }
  const followers = rows.flatMap((row) =>
    row.type === "follow" && row.actor && !isDeletedPerson(row.actor) ? [row.actor.id] : [],
  );
  const numeric = (values: string[]) => values.map(Number).filter(Number.isSafeInteger);
  const reads: BatchItem<"sqlite">[] = [];
  const readers: ((rows: never[]) => void)[] = [];
  const read = <Row>(query: BatchItem<"sqlite">, keep: (row: Row) => void) => {
    reads.push(query);
    readers.push((answer) => (answer as Row[]).forEach(keep));
  };
  if (ids.post.length > 0)
    read<{ id: string; body: string; hiddenAt: number | null; userId: string }>(
      db
        .select({ id: posts.publicId, body: posts.body, hiddenAt: posts.hiddenAt, userId: posts.userId })
        .from(posts)
        .where(inArray(posts.publicId, ids.post)),
      (post) => {
        if (post.hiddenAt === null || post.userId === userId)
          found.set(`post:${post.id}`, { preview: preview(post.body) });
      },
    );
  if (ids.reel.length > 0)
    // Likes reach a reel's author only once it is approved, and a removed reel is deleted; a hidden one counts as
    // removed for everyone but its author, as a post does.
    read<{ id: string; caption: string; stallName: string; hiddenAt: number | null; userId: string }>(
      db
        .select({
          id: reels.publicId,
          caption: reels.caption,
          stallName: stalls.name,
          hiddenAt: reels.hiddenAt,
          userId: reels.userId,
        })
        .from(reels)
        .innerJoin(stalls, eq(stalls.id, reels.stallId))
        .where(inArray(reels.publicId, ids.reel)),
      (reel) => {
        if (reel.hiddenAt === null || reel.userId === userId)
          found.set(`reel:${reel.id}`, { preview: preview(reel.caption || reel.stallName) });
      },
    );
  if (ids.review.length > 0)
    read<{ id: number; body: string | null; stallName: string }>(
      db
        .select({ id: reviews.id, body: reviews.body, stallName: stalls.name })
        .from(reviews)
        .innerJoin(stalls, eq(stalls.id, reviews.stallId))
        .where(inArray(reviews.id, numeric(ids.review))),
      (review) => found.set(`review:${review.id}`, { preview: preview(review.body ?? review.stallName) }),
    );
  if (ids.stall.length > 0)
    read<{ id: number; name: string }>(
      db
        .select({ id: stalls.id, name: stalls.name })
        .from(stalls)
        .where(inArray(stalls.id, numeric(ids.stall))),
      (stall) => found.set(`stall:${stall.id}`, { preview: stall.name }),
    );
  if (ids.user.length > 0)
    // A deleted account keeps its users row (ADR 021) but no profile to go to.
    read<{ id: string }>(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids.user), isNull(users.deletedAt))),
      (user) => found.set(`user:${user.id}`, { preview: null }),
    );
  if (followers.length > 0)
    read<{ id: string }>(
      db
        .select({ id: follows.followeeId })
        .from(follows)
        .where(and(eq(follows.followerId, userId), inArray(follows.followeeId, followers))),
      (follow) => found.set(`follows:${follow.id}`, { preview: null }),
    );
  const [first, ...rest] = reads;
  if (!first) return found;
  const answers = await db.batch([first, ...rest]);
  answers.forEach((answer, index) => {
    readers[index]?.(answer as never[]);
  });
  return found;
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** Marks one of the reader's items read, answering where it leads (null when its subject is gone: the page then
 * stays). Another person's item is 404, as if it did not exist. */
export async function markNotificationRead(
  db: Db,
  kv: KVNamespace,
  userId: string,
  id: number,
  now = Date.now(),
): Promise<{ href: string | null }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ link: notifications.link, type: notifications.type, subject: notifications.subject });
  if (!row) throw new ModelError(404, NOTIFICATION_NOT_FOUND);
  // The same look-up as the list's, so an item shown as removed does not lead to what was removed.
  const subject = parseSubject(row.subject);
  const gone =
    subject !== null &&
    !(await lookUpSubjects(db, userId, [{ ...row, actor: null }])).has(`${subject.kind}:${subject.id}`);
  await refreshUnreadCounts(db, kv, [userId]);
  return { href: gone ? null : row.link };
}

/** Marks every unread item of the reader read; nobody else's rows are touched. */
export async function markAllNotificationsRead(
  db: Db,
  kv: KVNamespace,
  userId: string,
  now = Date.now(),
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), sql`${notifications.isHead} = 1`, isNull(notifications.readAt)),
    );
  await refreshUnreadCounts(db, kv, [userId]);
}

/** The reader's switches: everything on unless switched off. */
export async function getNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const muted = await db
    .select({ type: notificationMutes.type, channel: notificationMutes.channel })
    .from(notificationMutes)
    .where(eq(notificationMutes.userId, userId));
  const off = new Set(muted.map((row) => `${row.channel}:${row.type}`));
  return {
    in_app: Object.fromEntries(
      SWITCHABLE_TYPES.map((type) => [type, !off.has(`in_app:${type}`)]),
    ) as NotificationSettings["in_app"],
    email: Object.fromEntries(
      EMAIL_TYPES.map((type) => [type, !off.has(`email:${type}`)]),
    ) as NotificationSettings["email"],
  };
}

/** Sets the switches given (the others stay) and answers them all. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  const writes = (["in_app", "email"] as const).flatMap((channel) =>
    Object.entries(change[channel] ?? {}).map(([type, on]) => {
      const row = { userId, type: type as (typeof SWITCHABLE_TYPES)[number], channel };
      return on
        ? db
            .delete(notificationMutes)
            .where(
              and(
                eq(notificationMutes.userId, userId),
                eq(notificationMutes.type, row.type),
                eq(notificationMutes.channel, channel),
              ),
            )
        : db.insert(notificationMutes).values(row).onConflictDoNothing();
    }),
  );
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return getNotificationSettings(db, userId);
}

/** Whether the person wants e-mail about this type (stall_update is the one type that sends any). */
export async function wantsEmail(
  db: Db,
  userId: string,
  type: (typeof EMAIL_TYPES)[number],
): Promise<boolean> {
  const [row] = await db
    .select({ type: notificationMutes.type })
    .from(notificationMutes)
    .where(
      and(
        eq(notificationMutes.userId, userId),
        eq(notificationMutes.type, type),
        eq(notificationMutes.channel, "email"),
      ),
    )
    .limit(1);
  return row === undefined;
}

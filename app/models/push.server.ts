import { and, desc, eq, getTableColumns, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { notifications, profiles, pushSubscriptions } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { isGone, type PushContent, sendPush, type VapidKeys } from "~/lib/push/web-push";
import type { PushSubscriptionInput } from "~/lib/schemas/push";
import { inFeedsOf } from "~/models/block.server";
import { itemText, takeTold } from "~/models/notification/notification.server";
import { personColumns, personView } from "~/models/person.server";

// Web push (issue 23, ADR 028): the browsers that turned push on, one row each, and the messages they get. A
// notification is pushed once it is written, after the request that wrote it has answered, to every device of the
// person told. Types the person switched off are never written, so whatever is written may be pushed.

/** The most browsers one person keeps: a new one past this pushes out their oldest, so one account cannot make the
 * Worker send without end. */
export const MAX_DEVICES_PER_USER = 20;

/** The VAPID keys, or null when push is not set up (no key pair configured). */
export function vapidKeys(config: AppConfig): VapidKeys | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
  };
}

/**
 * Turns push on for this browser, for this person. The same endpoint again updates its keys; an endpoint another
 * account had (someone else signed in on this browser) moves to this one, so a shared device tells only whoever
 * turned push on last.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(MAX_DEVICES_PER_USER);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          // A browser moving to another account starts afresh; its own re-subscription keeps its history.
          lastSuccessAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${userId} THEN ${pushSubscriptions.lastSuccessAt} END`,
        },
      }),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep))),
  ]);
}

/** Turns push off for this browser. Only the caller's own row goes: another account's endpoint is left alone. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/**
 * Pushes what the request behind `db` wrote: the unread items (group heads) of the people it told, written since
 * `since`, to each of their browsers, in each person's language. Runs after the answer (ctx.waitUntil), so it
 * never slows or fails a write: every failure is logged here. A browser whose push service answers 404 or 410 has
 * unsubscribed and is deleted; any other failure keeps it for the next message.
 */
export async function pushNewNotifications(
  db: Db,
  config: AppConfig,
  since: number,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const people = takeTold(db);
  const vapid = vapidKeys(config);
  if (people.length === 0 || vapid === null) return;
  try {
    const devices = await db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, people));
    if (devices.length === 0) return;
    const messages = await newMessages(db, [...new Set(devices.map((device) => device.userId))], since);
    const sends = messages.flatMap(({ userId, content }) =>
      devices
        .filter((device) => device.userId === userId)
        .map(async (device) => ({ device, status: await sendPush(device, content, vapid, fetcher) })),
    );
    const results = await Promise.allSettled(sends);
    const gone: number[] = [];
    const delivered: number[] = [];
    for (const result of results) {
      if (result.status === "rejected") {
        console.warn("push failed", String(result.reason));
        continue;
      }
      const { device, status } = result.value;
      if (isGone(status)) gone.push(device.id);
      else if (status >= 200 && status < 300) delivered.push(device.id);
      // The endpoint is a secret capability; its host is enough to tell which push service misbehaves.
      else console.warn(`push to ${new URL(device.endpoint).host} answered ${status}`);
    }
    const writes = [
      ...(gone.length > 0 ? [db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))] : []),
      ...(delivered.length > 0
        ? [
            db
              .update(pushSubscriptions)
              .set({ lastSuccessAt: Date.now() })
              .where(inArray(pushSubscriptions.id, delivered)),
          ]
        : []),
    ];
    const [first, ...rest] = writes;
    if (first) await db.batch([first, ...rest]);
  } catch (error) {
    console.error("push sending failed", error);
  }
}

/** The new unread items of these people, written as their inbox writes them (ADR 024), in each one's language. */
async function newMessages(
  db: Db,
  userIds: string[],
  since: number,
): Promise<{ userId: string; content: PushContent }[]> {
  const reader = alias(profiles, "reader");
  const rows = await db
    .select({ ...getTableColumns(notifications), language: reader.language, actor: personColumns })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(reader, eq(reader.userId, notifications.userId))
    .where(
      and(
        inArray(notifications.userId, userIds),
        // What the inbox leaves out is not pushed either.
        inFeedsOf(notifications.userId, notifications.actorId),
        sql`${notifications.isHead} = 1`,
        isNull(notifications.readAt),
        gte(notifications.createdAt, since),
      ),
    )
    .orderBy(notifications.id);
  return rows.map((row) => {
    const t = translatorFor(isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE);
    const actor = row.actor?.id ? personView(row.actor) : null;
    return {
      userId: row.userId,
      content: {
        title: itemText(row, actor, t),
        body: row.body,
        url: row.link ?? "/notifications",
        tag: row.groupKey ?? `notification-${row.id}`,
      },
    };
  });
}

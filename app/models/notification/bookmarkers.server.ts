import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favourites, notificationMutes, notifications, profiles, users } from "~/db/schema";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { DAY_MS } from "~/models/rate-limit.server";

// 'stall_update' for everyone who saved a stall (issue 20): one INSERT ... SELECT over its favourites, whatever their
// number, with the rules notice() applies to one person (deleted accounts and the in-app mute), each told in their own
// language. The KV counts of at most BOOKMARKER_REFRESH_CAP of them are refreshed by the caller: a request may make only
// so many subrequests, and the rest mend within the count's one-hour TTL.

/** Bookmarkers whose bell count is refreshed at once; each costs a D1 count and a KV write. */
export const BOOKMARKER_REFRESH_CAP = 200;

/** The same news about the same stall reaches a person once in this long (a second report of the same move). */
const REPEAT_WINDOW_MS = 7 * DAY_MS;

export interface BookmarkerNews {
  stallId: number;
  link: string;
  /** The title and body in one language; called once per interface language. */
  text: (t: Translate) => { title: string; body: string };
  /** Write only when the statement just before it in the batch changed a row (as notice()'s onlyAfterChange). */
  onlyAfterChange?: boolean;
}

/** A text per reader's language: their chosen one, else the default. */
function inReadersLanguage(texts: Record<Language, string>): SQL {
  const others = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);
  if (others.length === 0) return sql`${texts[DEFAULT_LANGUAGE]}`;
  return sql`CASE ${profiles.language} ${sql.join(
    others.map((language) => sql`WHEN ${language} THEN ${texts[language]} `),
  )}ELSE ${texts[DEFAULT_LANGUAGE]} END`;
}

/** The statement that tells everyone who saved the stall, for the batch of the event (before a stall's delete, whose
 * cascade takes its favourites). */
export function tellBookmarkers(db: Db, news: BookmarkerNews, now = Date.now()) {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, news.text(translatorFor(language))]),
  ) as Record<Language, { title: string; body: string }>;
  const titles = LANGUAGES.map((language) => texts[language].title);
  const subject = `stall:${news.stallId}`;
  const pick = (part: "title" | "body") =>
    inReadersLanguage(
      Object.fromEntries(LANGUAGES.map((language) => [language, texts[language][part]])) as Record<
        Language,
        string
      >,
    );
  return db.insert(notifications).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        userId: favourites.userId,
        type: sql<"stall_update">`'stall_update'`.as("type"),
        title: sql<string>`${pick("title")}`.as("title"),
        body: sql<string>`${pick("body")}`.as("body"),
        link: sql<string>`${news.link}`.as("link"),
        actorId: sql<null>`NULL`.as("actor_id"),
        subject: sql<string>`${subject}`.as("subject"),
        groupKey: sql<null>`NULL`.as("group_key"),
        groupStartedAt: sql<null>`NULL`.as("group_started_at"),
        groupSize: sql<number>`1`.as("group_size"),
        isHead: sql<number>`1`.as("is_head"),
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(favourites)
      .innerJoin(users, eq(users.id, favourites.userId))
      .leftJoin(profiles, eq(profiles.userId, favourites.userId))
      .where(
        and(
          eq(favourites.stallId, news.stallId),
          isNull(users.deletedAt),
          news.onlyAfterChange ? sql`changes() = 1` : undefined,
          sql`NOT EXISTS (SELECT 1 FROM ${notificationMutes} WHERE ${notificationMutes.userId} = ${favourites.userId}
            AND ${notificationMutes.type} = 'stall_update' AND ${notificationMutes.channel} = 'in_app')`,
          sql`NOT EXISTS (SELECT 1 FROM ${notifications} AS seen WHERE seen.user_id = ${favourites.userId}
            AND seen.type = 'stall_update' AND seen.subject = ${subject}
            AND seen.created_at > ${now - REPEAT_WINDOW_MS} AND ${inArray(sql`seen.title`, titles)})`,
        ),
      ),
  );
}

/** The people whose counts a tellBookmarkers write may change, as many as are refreshed at once (the stall's
 * favourites_stall_idx range). */
export async function bookmarkersToRefresh(db: Db, stallId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(eq(favourites.stallId, stallId))
    .limit(BOOKMARKER_REFRESH_CAP);
  return rows.map((row) => row.userId);
}

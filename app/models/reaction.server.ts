import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { ModelError } from "~/models/model-error";
import { communityNotice, refreshUnreadCounts } from "~/models/notification/notification.server";

// A reaction is one person's mark on a thing (a like or a save of a post, a reel or a review): one row per person and
// thing, its count kept on the thing. Every kind is written the same way: the row's insert or delete and the recount
// from the rows in one batch (one transaction), so a burst of parallel likes leaves the count equal to the rows.

/**
 * The writer of one kind of reaction: `marks` holds one row per person and thing (its `thingKey` column names the
 * thing, `userId` the person), and `things` keeps their count in `countKey`. A write is the mark's insert (`wanted`)
 * or delete, then `notices`, then the recount, in one batch, answering the count after it. The notices come right
 * after the change: they read its changes(), so a like that inserted nothing tells nobody.
 */
export function reaction<Thing extends string, Count extends string>(
  marks: SQLiteTable & Record<Thing | "userId", AnySQLiteColumn>,
  thingKey: Thing,
  things: SQLiteTable & Record<Count | "id", AnySQLiteColumn>,
  countKey: Count,
) {
  const thing = marks[thingKey];
  // Written through the plain table type: the keys were checked against the tables' columns above.
  const markRows: SQLiteTable = marks;
  const thingRows: SQLiteTable = things;
  return async (
    db: Db,
    thingId: number,
    userId: string,
    wanted: boolean,
    notices: BatchItem<"sqlite">[] = [],
  ): Promise<number> => {
    const results = await db.batch([
      wanted
        ? db
            .insert(markRows)
            .values({ [thingKey]: thingId, userId })
            .onConflictDoNothing()
        : db.delete(markRows).where(and(eq(thing, thingId), eq(marks.userId, userId))),
      ...notices,
      db
        .update(thingRows)
        .set({ [countKey]: sql`(SELECT count(*) FROM ${marks} WHERE ${thing} = ${thingId})` })
        .where(eq(things.id, thingId))
        .returning({ count: things[countKey] }),
    ]);
    const [counted] = results[results.length - 1] as { count: number }[];
    return counted?.count ?? 0;
  };
}

type ReactionWriter = ReturnType<typeof reaction>;

/** A thing as read for a reaction: its row id, its author and their language, and the reader's marks on it. */
interface Reactable {
  id: number;
  userId: string;
  ownerLanguage: string | null;
  liked: number | boolean;
}

/**
 * Likes (true), unlikes (false) or flips (undefined) `thing` for `userId`, answering the state and the count after
 * it. A like the batch really inserted tells the thing's author (never of their own like) about `what`, linked to
 * `about`; repeating an explicit value changes nothing and tells nobody.
 */
export async function setLike(
  db: Db,
  kv: KVNamespace,
  userId: string,
  thing: Reactable,
  liked: boolean | undefined,
  write: ReactionWriter,
  what: "post" | "review" | "reel",
  about: { link: string; subject: string },
): Promise<{ liked: boolean; like_count: number }> {
  const wanted = liked ?? !thing.liked;
  const notices =
    wanted && thing.userId !== userId
      ? communityNotice(db, {
          userId: thing.userId,
          actorId: userId,
          type: "like",
          title: await likeTitle(db, userId, thing.ownerLanguage, what),
          ...about,
          onlyAfterChange: true,
        })
      : [];
  const like_count = await write(db, thing.id, userId, wanted, notices);
  if (notices.length > 0) await refreshUnreadCounts(db, kv, [thing.userId]);
  return { liked: wanted, like_count };
}

/** Saves (true), unsaves (false) or flips (undefined) `thing` for `userId`; nobody is told. */
export async function setSave(
  db: Db,
  userId: string,
  thing: { id: number; saved: number | boolean },
  saved: boolean | undefined,
  write: ReactionWriter,
): Promise<{ saved: boolean; save_count: number }> {
  const wanted = saved ?? !thing.saved;
  return { saved: wanted, save_count: await write(db, thing.id, userId, wanted) };
}

/** A like's notice title, in the language of the person told, with the liker's name as it is now. */
async function likeTitle(db: Db, likerId: string, language: string | null, what: "post" | "review" | "reel") {
  const [liker] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, likerId))
    .limit(1);
  if (!liker) throw new ModelError(401, "Please log in first!");
  const t = translatorFor(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const name = liker.name;
  if (what === "post") return t("{name} liked your post", { name });
  if (what === "review") return t("{name} liked your review", { name });
  return t("{name} liked your reel", { name });
}

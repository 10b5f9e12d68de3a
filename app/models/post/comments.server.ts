import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postComments, posts, profiles } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { COMMENTS_PER_DAY, type CommentInput, type CommentView } from "~/lib/schemas/community";
import { refuseIfRestricted } from "~/models/account-restriction.server";
import { inFeedsOf, mutedWordsOf, unblocked, withoutMutedWords } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { communityNotice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { personColumns, personView } from "~/models/person.server";
import { consumeRateLimit, DAY_MS, dailyLimit, dailyLimitAt } from "~/models/rate-limit.server";
import { refuseNewAccountText, trustLevelOf } from "~/models/trust.server";
import { postNotFound, readableBy, type Viewer } from "./rows.server";
import { confirmedWriter, mentionNotices } from "./write.server";

// Comments on posts, threaded one level: a reply answers a top-level comment of the same post. posts.comment_count
// is recomputed from the visible rows in the batch of every write.

export const DAILY_COMMENT_LIMIT = dailyLimit(
  COMMENTS_PER_DAY,
  msg("You can write up to 200 comments a day. Please try again tomorrow."),
  dailyLimit(
    20,
    msg("While your account is new, you can write up to 20 comments a day. Please try again tomorrow."),
  ),
);
const COMMENT_NOT_FOUND = msg("Comment not found");
const NOT_THE_COMMENTER = msg("Only the comment's author can change it");
const NOT_A_THREAD = msg("Replies answer a comment on the same post");
/** The most comments a post's thread answers at once. */
const COMMENTS_MAX = 1000;

/** The post a comment belongs to, readable by `viewer` (a hidden post's thread only to its author; a post of someone
 * blocked either way to nobody, ADR 048). */
async function commentablePost(db: Db, viewer: Viewer, postId: string) {
  const [post] = await db
    .select({ id: posts.id, publicId: posts.publicId, userId: posts.userId, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(and(eq(posts.publicId, postId), unblocked(viewer?.id ?? null, posts.userId)))
    .limit(1);
  if (!post || !readableBy(post, viewer)) throw postNotFound();
  return post;
}

const selectComments = (db: Db) =>
  db
    .select({
      id: postComments.id,
      postPublicId: posts.publicId,
      parentId: postComments.parentId,
      body: postComments.body,
      userId: postComments.userId,
      hiddenAt: postComments.hiddenAt,
      createdAt: postComments.createdAt,
      updatedAt: postComments.updatedAt,
      author: personColumns,
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .innerJoin(profiles, eq(profiles.userId, postComments.userId));
type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>["where"]>>[number];

function toCommentView(row: CommentRow, viewer: Viewer): CommentView {
  return {
    id: row.id,
    post_id: row.postPublicId,
    parent_id: row.parentId,
    text: row.body,
    author: personView(row.author),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
    mine: viewer !== null && row.userId === viewer.id,
    replies: [],
  };
}

/** A post's comments, top-level ones oldest first, each with its replies oldest first. Hidden comments (and the
 * replies under them) are left out, and for the reader those of people blocked either way or muted, and those holding
 * a muted word (ADR 048). */
export async function listComments(db: Db, viewer: Viewer, postId: string): Promise<CommentView[]> {
  const post = await commentablePost(db, viewer, postId);
  const viewerId = viewer?.id ?? null;
  const [found, words] = await Promise.all([
    selectComments(db)
      .where(
        and(
          eq(postComments.postId, post.id),
          isNull(postComments.hiddenAt),
          inFeedsOf(viewerId, postComments.userId),
        ),
      )
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(COMMENTS_MAX),
    mutedWordsOf(db, viewerId),
  ]);
  const rows = withoutMutedWords(found, words, (row) => row.body);
  const threads = new Map<number, CommentView>();
  for (const row of rows) if (row.parentId === null) threads.set(row.id, toCommentView(row, viewer));
  for (const row of rows) {
    if (row.parentId !== null) threads.get(row.parentId)?.replies.push(toCommentView(row, viewer));
  }
  return [...threads.values()];
}

const recountComments = (db: Db, postRowId: number) =>
  db
    .update(posts)
    .set({
      commentCount: sql`(SELECT count(*) FROM ${postComments} WHERE ${postComments.postId} = ${postRowId} AND ${postComments.hiddenAt} IS NULL)`,
    })
    .where(eq(posts.id, postRowId));

async function readComment(db: Db, viewer: Viewer, commentId: number): Promise<CommentView> {
  const [row] = await selectComments(db).where(eq(postComments.id, commentId)).limit(1);
  if (!row) throw new ModelError(404, COMMENT_NOT_FOUND);
  return toCommentView(row, viewer);
}

/**
 * Adds a comment, or a reply to a top-level comment of the same post (else 400 naming parent_id). Needs a confirmed
 * e-mail address (403); past DAILY_COMMENT_LIMIT 429. The post's author is told (not about their own comment), and
 * people it mentions as mentionNotices says.
 */
export async function addComment(
  db: Db,
  kv: KVNamespace,
  author: { id: string },
  postId: string,
  input: CommentInput,
): Promise<CommentView> {
  const writer = await confirmedWriter(db, author.id);
  await refuseIfRestricted(db, writer.id);
  const post = await commentablePost(db, writer, postId);
  let answered: { userId: string } | undefined;
  if (input.parent_id != null) {
    const [parent] = await db
      .select({ userId: postComments.userId })
      .from(postComments)
      .where(
        and(
          eq(postComments.id, input.parent_id),
          eq(postComments.postId, post.id),
          isNull(postComments.parentId),
          isNull(postComments.hiddenAt),
          unblocked(writer.id, postComments.userId),
        ),
      )
      .limit(1);
    if (!parent) throw new ModelError(400, NOT_A_THREAD, { field: "parent_id" });
    answered = parent;
  }
  const level = await trustLevelOf(db, writer.id);
  refuseNewAccountText(level, input.text, "comment");
  const daily = dailyLimitAt(DAILY_COMMENT_LIMIT, level);
  const allowance = await consumeRateLimit(db, `comment-create:${writer.id}`, {
    limit: daily.limit,
    windowSeconds: DAY_MS / 1000,
  });
  if (!allowance.allowed)
    throw new ModelError(429, daily.message, {
      retryAfterSeconds: allowance.retryAfterSeconds,
    });
  // The post's author is told of every comment; the one whose comment this answers, of the reply (once, when
  // they are also the post's author).
  const told = [
    { userId: post.userId, title: msg("{name} commented on your post") },
    ...(answered && answered.userId !== post.userId
      ? [{ userId: answered.userId, title: msg("{name} replied to your comment") }]
      : []),
  ];
  // The readers' languages first, then the notices: a query builder returned from an async function is awaited,
  // which would run it outside the batch.
  const languages = await Promise.all(
    told.map(async ({ userId }) => {
      const [reader] = await db
        .select({ language: profiles.language })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return isLanguage(reader?.language) ? reader.language : DEFAULT_LANGUAGE;
    }),
  );
  const notices = told.flatMap(({ userId, title }, index) =>
    communityNotice(db, {
      userId,
      actorId: writer.id,
      type: "comment",
      title: translatorFor(languages[index] ?? DEFAULT_LANGUAGE)(title, { name: writer.name }),
      body: input.text.slice(0, 140),
      link: `/feed?post=${post.publicId}`,
      subject: `post:${post.publicId}`,
    }),
  );
  const mentions = await mentionNotices(db, writer, input.text, post, "comment");
  const [[inserted]] = await db.batch([
    db
      .insert(postComments)
      .values({ postId: post.id, userId: writer.id, parentId: input.parent_id ?? null, body: input.text })
      .returning({ id: postComments.id }),
    recountComments(db, post.id),
    ...notices,
    ...mentions.statements,
  ]);
  if (!inserted) throw postNotFound();
  await refreshUnreadCounts(db, kv, [...told.map(({ userId }) => userId), ...mentions.told]);
  return readComment(db, writer, inserted.id);
}

/** A comment its author changes: unknown or hidden ones 404, someone else's 403. */
async function ownComment(db: Db, userId: string, commentId: number) {
  const [comment] = await db
    .select({
      id: postComments.id,
      userId: postComments.userId,
      postId: postComments.postId,
      postPublicId: posts.publicId,
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(and(eq(postComments.id, commentId), isNull(postComments.hiddenAt)))
    .limit(1);
  if (!comment) throw new ModelError(404, COMMENT_NOT_FOUND);
  if (comment.userId !== userId) throw new ModelError(403, NOT_THE_COMMENTER);
  return comment;
}

/** Edits the text of the author's comment (its place in the thread stays); newly mentioned people are told. */
export async function updateComment(
  db: Db,
  kv: KVNamespace,
  userId: string,
  commentId: number,
  input: CommentInput,
): Promise<CommentView> {
  const comment = await ownComment(db, userId, commentId);
  const writer = await confirmedWriter(db, userId);
  const mentions = await mentionNotices(
    db,
    writer,
    input.text,
    { publicId: comment.postPublicId },
    "comment",
  );
  await db.batch([
    db
      .update(postComments)
      .set({ body: input.text, updatedAt: Date.now() })
      .where(eq(postComments.id, comment.id)),
    ...mentions.statements,
  ]);
  await refreshUnreadCounts(db, kv, mentions.told);
  return readComment(db, writer, comment.id);
}

/** Deletes the author's comment and the replies under it. */
export async function deleteComment(db: Db, userId: string, commentId: number): Promise<void> {
  const comment = await ownComment(db, userId, commentId);
  await db.batch([
    db.delete(postComments).where(eq(postComments.id, comment.id)),
    recountComments(db, comment.postId),
  ]);
}

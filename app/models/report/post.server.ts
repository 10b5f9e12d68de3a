// The post and comment adapters: reports of posts and of their comments share the moderation queue's Posts tab,
// each kept (its reports closed) or hidden with a reason its author is shown, and restored from the Hidden tab.
import { aliasedTable, and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postComments, posts, profiles, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { PostType } from "~/lib/schemas/community";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { POST_NOT_FOUND } from "~/models/post/post.server";
import { holdsText, stallMatches } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import { type FilingContext, fileAndWeigh } from "./auto-hide.server";
import { batchAll, hiddenRowsOf, hideRowWhere } from "./hide.server";
import {
  closeReports,
  fileOrKeep,
  inWords,
  keepSubject,
  loggedRow,
  type ReportWords,
  readPageAs,
  recordDecision,
  subjectRowId,
} from "./reports.server";
import type { OpenSubject, ReportSubject } from "./subject.server";

export const COMMENT_NOT_FOUND = "Comment not found";

export const DAILY_POST_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 posts or comments a day. Please try again tomorrow."),
  dailyLimit(
    5,
    msg(
      "While your account is new, you can report up to 5 posts or comments a day. Please try again tomorrow.",
    ),
  ),
);

const TYPES = ["post", "comment"] as const;
const limit = { counts: "reports", types: TYPES, daily: DAILY_POST_REPORT_LIMIT } as const;

/** A post its reporter can see: a hidden one does not exist for its readers. */
async function findPost(db: Db, publicId: string) {
  const [post] = await db
    .select({ id: posts.id, authorId: posts.userId })
    .from(posts)
    .where(and(eq(posts.publicId, publicId), isNull(posts.hiddenAt)))
    .limit(1);
  return post ?? null;
}

/** A visible comment of a visible post (of `postId`, a post's row id, when given). */
async function findComment(db: Db, commentId: number, postId?: number) {
  const [comment] = await db
    .select({ id: postComments.id, authorId: postComments.userId })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(
      and(
        eq(postComments.id, commentId),
        isNull(postComments.hiddenAt),
        isNull(posts.hiddenAt),
        postId === undefined ? undefined : eq(postComments.postId, postId),
      ),
    )
    .limit(1);
  return comment ?? null;
}

/** The search: the post's words, or its pinned stall's name or area. */
const postMatches = (q: string) =>
  sql`(${holdsText(posts.body, q)} OR EXISTS (SELECT 1 FROM ${stalls} WHERE ${stalls.id} = ${posts.stallId} AND ${stallMatches(q)}))`;

/** A post (by `where`) matching the search. One with open reports is shown or hidden pending review (ADR 051): a
 * moderator's hide closes its reports and its comments'. */
const reportedPost = (where: SQL, q: string) =>
  sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${where} ${q ? sql`AND ${postMatches(q)}` : sql``})`;

/** Where a post's author is told to look at it. */
const postLink = (publicId: string) => `/feed?post=${publicId}`;

/** A comment matches the search by its own words or its post's. */
const commentMatches = (q: string) =>
  q
    ? sql`AND (${holdsText(postComments.body, q)} OR ${reportedPost(sql`${posts.id} = ${postComments.postId}`, q)})`
    : sql``;

/** A reported post or comment as the queue shows it: what was written, by whom, where it is pinned. */
export interface PostPreview {
  post: {
    id: string;
    type: PostType;
    text: string;
    created_at: number;
    stall: { id: string; name: string } | null;
  };
  /** The reported comment, for a comment's report. */
  comment: { id: number; text: string; created_at: number } | null;
  /** Who wrote the reported post or comment. */
  author: { name: string; username: string | null };
}

/**
 * Hides a post (by `where`) from everyone but its author, who sees `reason`. Its open reports, and those of its
 * comments, are closed as hidden in the same batch. A missing or already hidden post is 404.
 */
const hidePostWhere = (db: Db, moderatorId: string, where: SQL, reason: string, now = Date.now()) =>
  hideRowWhere(
    db,
    posts,
    where,
    { type: "post", logged: loggedPost, reason, moderatorId, now, notFound: POST_NOT_FOUND },
    (id) => [
      closeReports(
        db,
        {
          type: "comment",
          key: sql`(SELECT CAST(${postComments.id} AS TEXT) FROM ${postComments} WHERE ${postComments.postId} = ${id})`,
          decision: "hide",
          moderatorId,
        },
        now,
      ),
    ],
  );

/** How the log names a post and a comment: their first words and author. */
const loggedPost = (key: string) =>
  loggedRow(posts, eq(posts.id, Number(key)), {
    id: posts.publicId,
    name: sql`substr(${posts.body}, 1, 80)`,
    person: posts.userId,
  });
const loggedComment = (key: string) =>
  loggedRow(postComments, eq(postComments.id, Number(key)), {
    id: sql`CAST(${postComments.id} AS TEXT)`,
    name: sql`substr(${postComments.body}, 1, 80)`,
    person: postComments.userId,
  });

const commentShown = (commentId: number) =>
  sql`EXISTS (SELECT 1 FROM ${postComments} WHERE ${postComments.id} = ${commentId} AND ${postComments.hiddenAt} IS NULL)`;

/** POST /api/moderation/posts/:id/hide: a post hidden by its public id. */
export const hidePost = (db: Db, moderatorId: string, postId: string, reason: string) =>
  hidePostWhere(db, moderatorId, eq(posts.publicId, postId), reason);

/** The post's comment count as the comments model counts them: the visible ones. */
const recountComments = (db: Db, postId: number) =>
  db
    .update(posts)
    .set({
      commentCount: sql`(SELECT count(*) FROM ${postComments} WHERE ${postComments.postId} = ${postId} AND ${postComments.hiddenAt} IS NULL)`,
    })
    .where(eq(posts.id, postId));

/**
 * Hides a comment (its author sees `reason`) and closes its open reports as hidden in the same batch; the post's
 * comment count is recounted without it. A missing or already hidden comment is 404.
 */
export async function hideComment(
  db: Db,
  moderatorId: string,
  commentId: number,
  reason: string,
  now = Date.now(),
): Promise<{ name: string }> {
  const [comment] = await db
    .select({ id: postComments.id, postId: postComments.postId })
    .from(postComments)
    .where(and(eq(postComments.id, commentId), isNull(postComments.hiddenAt)))
    .limit(1);
  if (!comment) throw new ModelError(404, COMMENT_NOT_FOUND);
  const key = String(comment.id);
  const [, , hidden] = await db.batch([
    ...recordDecision(
      db,
      {
        type: "comment",
        key,
        decision: "hide",
        moderatorId,
        logged: loggedComment(key),
        reason,
        when: commentShown(comment.id),
      },
      now,
    ),
    db
      .update(postComments)
      .set({ hiddenAt: now, hiddenReason: reason })
      .where(and(eq(postComments.id, comment.id), isNull(postComments.hiddenAt)))
      .returning({ id: postComments.id }),
    recountComments(db, comment.postId),
  ]);
  if (!hidden || (hidden as unknown[]).length === 0) throw new ModelError(404, COMMENT_NOT_FOUND);
  return { name: "" };
}

export const postSubject: ReportSubject<PostPreview> = {
  type: "post",
  async find(db, id) {
    const post = await findPost(db, id);
    return post && { key: String(post.id), authorId: post.authorId };
  },
  notFound: POST_NOT_FOUND,
  own: { status: 400, message: "You cannot report your own post" },
  limit,
  againAfterKeep: false,
  logged: loggedPost,
  queue: {
    tab: "posts",
    inQueue: (q) => reportedPost(sql`${posts.id} = ${subjectRowId}`, q),
    load: loadPosts,
    decisions: { hide: "hide", keep: null },
    decide: ({ db }, moderatorId, { key }, decision, reason) =>
      decision === "hide"
        ? hidePostWhere(db, moderatorId, eq(posts.id, Number(key)), reason)
        : keepSubject(db, moderatorId, { type: "post", key, logged: loggedPost(key) }, ""),
    said: { hide: msg("Post hidden. Its author sees your reason."), keep: msg("Reports dismissed") },
    hideable: hiddenRowsOf(
      "post",
      posts,
      // A held post waits in the Held tab instead (ADR 051).
      (q) => sql`AND ${posts.heldAt} IS NULL${q ? sql` AND ${postMatches(q)}` : sql``}`,
      POST_NOT_FOUND,
      { ref: posts.publicId, linkOf: postLink },
    ),
  },
};

export const commentSubject: ReportSubject<PostPreview> = {
  type: "comment",
  async find(db, id) {
    const comment = /^[1-9]\d{0,15}$/.test(id) ? await findComment(db, Number(id)) : null;
    return comment && { key: String(comment.id), authorId: comment.authorId };
  },
  notFound: COMMENT_NOT_FOUND,
  own: { status: 400, message: "You cannot report your own comment" },
  limit,
  againAfterKeep: false,
  logged: loggedComment,
  queue: {
    tab: "posts",
    inQueue: (q) => sql`EXISTS (SELECT 1 FROM ${postComments} WHERE ${postComments.id} = ${subjectRowId}
      AND ${reportedPost(sql`${posts.id} = ${postComments.postId}`, "")}
      ${commentMatches(q)})`,
    load: loadPosts,
    decisions: { hide: "hide", keep: null },
    decide: ({ db }, moderatorId, { key }, decision, reason) =>
      decision === "hide"
        ? hideComment(db, moderatorId, Number(key), reason)
        : keepSubject(db, moderatorId, { type: "comment", key, logged: loggedComment(key) }, ""),
    said: { hide: msg("Comment hidden. Its author sees your reason."), keep: msg("Reports dismissed") },
    hideable: {
      hidden: (q) => sql`SELECT 'comment' AS type, CAST(${postComments.id} AS TEXT) AS key,
        ${postComments.hiddenAt} AS at, ${postComments.id} AS id, ${postComments.hiddenReason} AS reason
        FROM ${postComments} WHERE ${postComments.hiddenAt} IS NOT NULL ${commentMatches(q)}`,
      async hideForReview(db, key, reason, now) {
        const [comment] = await db
          .select({ postId: posts.id, publicId: posts.publicId })
          .from(postComments)
          .innerJoin(posts, eq(posts.id, postComments.postId))
          .where(eq(postComments.id, Number(key)))
          .limit(1);
        if (!comment) return null;
        const hide = db
          .update(postComments)
          .set({ hiddenAt: now, hiddenReason: reason })
          .where(and(eq(postComments.id, Number(key)), isNull(postComments.hiddenAt)));
        const { publicId } = comment;
        return {
          hide,
          also: [recountComments(db, comment.postId)],
          link: postLink(publicId),
          subject: `post:${publicId}`,
        };
      },
      isHidden: (key) =>
        sql`EXISTS (SELECT 1 FROM ${postComments} WHERE ${postComments.id} = ${Number(key)} AND ${postComments.hiddenAt} IS NOT NULL)`,
      async restore(db, key, also) {
        const [comment] = await db
          .select({ postId: postComments.postId })
          .from(postComments)
          .where(and(eq(postComments.id, Number(key)), isNotNull(postComments.hiddenAt)))
          .limit(1);
        if (!comment) throw new ModelError(404, COMMENT_NOT_FOUND);
        const results = await batchAll(db, [
          ...also,
          db
            .update(postComments)
            .set({ hiddenAt: null, hiddenReason: null })
            .where(and(eq(postComments.id, Number(key)), isNotNull(postComments.hiddenAt)))
            .returning({ id: postComments.id }),
          recountComments(db, comment.postId),
        ]);
        if ((results[also.length] as unknown[]).length === 0) throw new ModelError(404, COMMENT_NOT_FOUND);
        return { name: "" };
      },
    },
  },
};

/**
 * Reports a post, or one of its comments with `comment_id`, as POST /api/posts/:id/report and the feed's forms do.
 * A repeat of the reporter's open report answers `created: false` (a second tap is not an error, and the first
 * reason stays). Hidden, missing and other posts' comments are 404; one's own post or comment is 400.
 */
export async function reportPost(
  context: FilingContext,
  reporterId: string,
  postId: string,
  { reason, comment_id: commentId = null }: { reason: string; comment_id?: number | null },
): Promise<{ created: boolean }> {
  const post = await findPost(context.db, postId);
  if (!post) throw new ModelError(404, POST_NOT_FOUND);
  const comment = commentId === null ? null : await findComment(context.db, commentId, post.id);
  if (commentId !== null && !comment) throw new ModelError(404, COMMENT_NOT_FOUND);
  const [subject, found] = comment ? [commentSubject, comment] : [postSubject, post];
  return fileOrKeep(() =>
    fileAndWeigh(context, subject, { key: String(found.id), authorId: found.authorId }, reporterId, {
      reason: "other",
      details: reason,
    }),
  );
}

/** The reported posts and comments of a queue page, each comment with its post. */
async function loadPosts(db: Db, subjects: OpenSubject[]) {
  const keysOf = (type: string) => subjects.filter((s) => s.type === type).map((s) => Number(s.key));
  const commentIds = keysOf("comment");
  const commentAuthor = aliasedTable(profiles, "comment_author");
  const commentRows =
    commentIds.length === 0
      ? []
      : await db
          .select({
            id: postComments.id,
            postId: postComments.postId,
            body: postComments.body,
            createdAt: postComments.createdAt,
            authorName: commentAuthor.fullName,
            authorUsername: commentAuthor.username,
          })
          .from(postComments)
          .leftJoin(commentAuthor, eq(commentAuthor.userId, postComments.userId))
          .where(inArray(postComments.id, commentIds));
  const postIds = [...new Set([...keysOf("post"), ...commentRows.map((row) => row.postId)])];
  const postRows =
    postIds.length === 0
      ? []
      : await db
          .select({
            id: posts.id,
            publicId: posts.publicId,
            type: posts.type,
            body: posts.body,
            createdAt: posts.createdAt,
            stallId: stalls.shopUniqueId,
            stallName: stalls.name,
            authorName: profiles.fullName,
            authorUsername: profiles.username,
          })
          .from(posts)
          .leftJoin(stalls, eq(stalls.id, posts.stallId))
          .leftJoin(profiles, eq(profiles.userId, posts.userId))
          .where(inArray(posts.id, postIds));
  const postsById = new Map(postRows.map((row) => [row.id, row]));
  const commentsById = new Map(commentRows.map((row) => [row.id, row]));
  return (subject: OpenSubject): PostPreview | undefined => {
    const comment = subject.type === "comment" ? commentsById.get(Number(subject.key)) : null;
    const post = postsById.get(comment ? comment.postId : Number(subject.key));
    if (!post || comment === undefined) return undefined;
    const author = comment ?? post;
    return {
      post: {
        id: post.publicId,
        type: post.type,
        text: post.body,
        created_at: post.createdAt,
        stall: post.stallId && post.stallName ? { id: post.stallId, name: post.stallName } : null,
      },
      comment: comment ? { id: comment.id, text: comment.body, created_at: comment.createdAt } : null,
      author: { name: author.authorName ?? "", username: author.authorUsername ?? null },
    };
  };
}

export type ReportedPost = PostPreview & {
  /** The subject's first open report. */
  id: number;
  kind: "post" | "comment";
  reports: ReportWords[];
  created_at: number;
};

/** GET /api/moderation/posts: the Posts tab as that endpoint always answered it. */
export const listPostReports = (db: Db, query: QueueQuery = QUEUE_START) =>
  readPageAs(db, [postSubject, commentSubject], query, ({ id, type, preview, reports, created_at }) => ({
    id,
    kind: type === "comment" ? ("comment" as const) : ("post" as const),
    ...(preview as PostPreview),
    reports: reports.map(inWords),
    created_at,
  }));

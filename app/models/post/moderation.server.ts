// Reports of posts and comments, and the moderators' decisions on them: the "posts" moderation queue (ADR 010).
import { aliasedTable, and, eq, inArray, isNull, min, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postComments, postReports, posts, profiles, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { PostType } from "~/lib/schemas/community";
import { QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import { holdsText, type QueuePage, readQueuePage, stallMatches } from "~/models/queue.server";
import { dailyLimit, underDailyLimit } from "~/models/rate-limit.server";

export const POST_NOT_FOUND = "Post not found";
export const COMMENT_NOT_FOUND = "Comment not found";
export const POST_REPORT_GONE = "These reports were already decided. The queue is up to date now.";

export const DAILY_POST_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 posts or comments a day. Please try again tomorrow."),
);

/**
 * Reports a post, or one of its comments with `comment_id`. One report per person and subject: reporting it again
 * changes nothing and answers `created: false` (a second tap is not an error, and the first reason stays). Hidden,
 * missing and other posts' comments are 404 (a hidden post does not exist for its readers); one's own post or
 * comment is 400; past the daily allowance 429.
 */
export async function reportPost(
  db: Db,
  reporterId: string,
  postId: string,
  { reason, comment_id: commentId = null }: { reason: string; comment_id?: number | null },
): Promise<{ created: boolean }> {
  const [post] = await db
    .select({ id: posts.id, authorId: posts.userId })
    .from(posts)
    .where(and(eq(posts.publicId, postId), isNull(posts.hiddenAt)))
    .limit(1);
  if (!post) throw new ModelError(404, POST_NOT_FOUND);
  let authorId = post.authorId;
  if (commentId !== null) {
    const [comment] = await db
      .select({ authorId: postComments.userId })
      .from(postComments)
      .where(
        and(eq(postComments.id, commentId), eq(postComments.postId, post.id), isNull(postComments.hiddenAt)),
      )
      .limit(1);
    if (!comment) throw new ModelError(404, COMMENT_NOT_FOUND);
    authorId = comment.authorId;
  }
  if (authorId === reporterId) {
    throw new ModelError(
      400,
      commentId === null ? "You cannot report your own post" : "You cannot report your own comment",
    );
  }
  const sameSubject = and(
    eq(postReports.postId, post.id),
    eq(postReports.reporterId, reporterId),
    commentId === null ? isNull(postReports.commentId) : eq(postReports.commentId, commentId),
  );
  const alreadyReported = async () =>
    (await db.select({ id: postReports.id }).from(postReports).where(sameSubject).limit(1)).length > 0;
  if (await alreadyReported()) return { created: false };
  // The count of the reporter's day and the insert are one statement, so a burst cannot pass the limit.
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO ${postReports} (post_id, comment_id, reporter_id, reason)
    SELECT ${post.id}, ${commentId}, ${reporterId}, ${reason}
    WHERE ${underDailyLimit(DAILY_POST_REPORT_LIMIT, { table: postReports, owner: postReports.reporterId, createdAt: postReports.createdAt }, reporterId, Date.now())}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted.length > 0) return { created: true };
  // Nothing written: the same report came in meanwhile, or the day's allowance is spent.
  if (await alreadyReported()) return { created: false };
  throw new ModelError(429, DAILY_POST_REPORT_LIMIT.message);
}

export interface ReportedPost {
  /** The subject's first open report: the queue item's key, and what Dismiss names. */
  id: number;
  kind: "post" | "comment";
  post: {
    id: string;
    type: PostType;
    text: string;
    created_at: number;
    stall: { id: string; name: string } | null;
  };
  /** The reported comment, for kind "comment". */
  comment: { id: number; text: string; created_at: number } | null;
  /** Who wrote the reported post or comment. */
  author: { name: string; username: string | null };
  /** Open reports, oldest first. */
  reports: { reason: string; created_at: number }[];
  /** When the first open report came in. */
  created_at: number;
}

export const POST_REPORT_PAGE_SIZE = 20;

const commentOf = aliasedTable(postComments, "reported_comment");

/** A subject with open reports is still visible: a hidden post or comment leaves the queue. */
const stillVisible = sql`${posts.hiddenAt} IS NULL AND ${commentOf.hiddenAt} IS NULL`;

/** The search: the post's or comment's words, or its pinned stall's name or area. */
function subjectMatches(q: string): SQL | undefined {
  if (!q) return undefined;
  return sql`(${holdsText(posts.body, q)} OR ${holdsText(commentOf.body, q)} OR EXISTS (
    SELECT 1 FROM ${stalls} WHERE ${stalls.id} = ${posts.stallId} AND ${stallMatches(q)}))`;
}

/** The open reports' subjects under a search, for the list and its count alike. */
function openSubjects(db: Db, q: string) {
  return db
    .select({
      postId: postReports.postId,
      commentId: postReports.commentId,
      first: min(postReports.createdAt).mapWith(Number),
      firstId: min(postReports.id).mapWith(Number),
    })
    .from(postReports)
    .innerJoin(posts, eq(posts.id, postReports.postId))
    .leftJoin(commentOf, eq(commentOf.id, postReports.commentId))
    .where(and(isNull(postReports.resolvedAt), stillVisible, subjectMatches(q)))
    .groupBy(postReports.postId, postReports.commentId);
}

/** How many posts and comments wait in the queue under the search: the "posts" tab's figure. */
export function countReportedPosts(db: Db, q: string) {
  const subjects = openSubjects(db, q).as("subjects");
  return db.select({ n: sql<number>`count(*)` }).from(subjects);
}

/**
 * Posts and comments with open reports, a page at a time, each placed by its first open report (oldest first by
 * default), with its text, author, pinned stall and every open report's reason.
 */
export async function listPostReports(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<ReportedPost>> {
  const first = sql<number>`min(${postReports.createdAt})`;
  const firstId = sql<number>`min(${postReports.id})`;
  const { rows, previous, next } = await readQueuePage(
    query,
    POST_REPORT_PAGE_SIZE,
    { at: first, id: firstId },
    ({ bound, orderBy, limit }) =>
      openSubjects(db, query.q)
        .having(bound)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.first, id: row.firstId }),
  );
  if (rows.length === 0) return { items: [], previous, next };

  const postIds = [...new Set(rows.map((row) => row.postId))];
  const commentIds = rows.flatMap((row) => (row.commentId === null ? [] : [row.commentId]));
  const commentAuthor = aliasedTable(profiles, "comment_author");
  const [postRows, commentRows, reasons] = await db.batch([
    db
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
      .where(inArray(posts.id, postIds)),
    db
      .select({
        id: postComments.id,
        body: postComments.body,
        createdAt: postComments.createdAt,
        authorName: commentAuthor.fullName,
        authorUsername: commentAuthor.username,
      })
      .from(postComments)
      .leftJoin(commentAuthor, eq(commentAuthor.userId, postComments.userId))
      // Never empty: inArray of no ids would be a statement D1 refuses, so a page without comments asks for id 0.
      .where(inArray(postComments.id, commentIds.length > 0 ? commentIds : [0])),
    db
      .select({
        postId: postReports.postId,
        commentId: postReports.commentId,
        reason: postReports.reason,
        createdAt: postReports.createdAt,
      })
      .from(postReports)
      .where(and(inArray(postReports.postId, postIds), isNull(postReports.resolvedAt)))
      .orderBy(postReports.createdAt, postReports.id),
  ]);
  const postsById = new Map(postRows.map((row) => [row.id, row]));
  const commentsById = new Map(commentRows.map((row) => [row.id, row]));
  const items = rows.flatMap((row): ReportedPost[] => {
    const post = postsById.get(row.postId);
    const comment = row.commentId === null ? null : commentsById.get(row.commentId);
    if (!post || comment === undefined) return [];
    const author = comment ?? post;
    return [
      {
        id: row.firstId,
        kind: comment ? "comment" : "post",
        post: {
          id: post.publicId,
          type: post.type,
          text: post.body,
          created_at: post.createdAt,
          stall: post.stallId && post.stallName ? { id: post.stallId, name: post.stallName } : null,
        },
        comment: comment ? { id: comment.id, text: comment.body, created_at: comment.createdAt } : null,
        author: { name: author.authorName ?? "", username: author.authorUsername ?? null },
        reports: reasons
          .filter((report) => report.postId === row.postId && report.commentId === row.commentId)
          .map((report) => ({ reason: report.reason, created_at: report.createdAt })),
        created_at: row.first,
      },
    ];
  });
  return { items, previous, next };
}

const resolveOpen = (db: Db, moderatorId: string, now: number, subject: SQL | undefined) =>
  db
    .update(postReports)
    .set({ resolvedAt: now, resolvedBy: moderatorId })
    .where(and(isNull(postReports.resolvedAt), subject));

/**
 * Hides a post from everyone but its author, who sees `reason`. Its open reports, and those of its comments, are
 * resolved in the same batch. A missing or already hidden post is 404.
 */
export async function hidePost(
  db: Db,
  moderatorId: string,
  postId: string,
  reason: string,
  now = Date.now(),
): Promise<void> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.publicId, postId), isNull(posts.hiddenAt)))
    .limit(1);
  if (!post) throw new ModelError(404, POST_NOT_FOUND);
  const [hidden] = await db.batch([
    db
      .update(posts)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: moderatorId })
      .where(and(eq(posts.id, post.id), isNull(posts.hiddenAt)))
      .returning({ id: posts.id }),
    resolveOpen(db, moderatorId, now, eq(postReports.postId, post.id)),
  ]);
  if (hidden.length === 0) throw new ModelError(404, POST_NOT_FOUND);
}

/**
 * Hides a comment (its author sees `reason`) and resolves its open reports in the same batch; the post's comment
 * count is recounted without it. A missing or already hidden comment is 404.
 */
export async function hideComment(
  db: Db,
  moderatorId: string,
  commentId: number,
  reason: string,
  now = Date.now(),
): Promise<void> {
  const [comment] = await db
    .select({ id: postComments.id, postId: postComments.postId })
    .from(postComments)
    .where(and(eq(postComments.id, commentId), isNull(postComments.hiddenAt)))
    .limit(1);
  if (!comment) throw new ModelError(404, COMMENT_NOT_FOUND);
  const [hidden] = await db.batch([
    db
      .update(postComments)
      .set({ hiddenAt: now, hiddenReason: reason })
      .where(and(eq(postComments.id, comment.id), isNull(postComments.hiddenAt)))
      .returning({ id: postComments.id }),
    // Counted as the comments model counts them: the visible ones.
    db
      .update(posts)
      .set({
        commentCount: sql`(SELECT count(*) FROM ${postComments} WHERE ${postComments.postId} = ${comment.postId} AND ${postComments.hiddenAt} IS NULL)`,
      })
      .where(eq(posts.id, comment.postId)),
    resolveOpen(db, moderatorId, now, eq(postReports.commentId, comment.id)),
  ]);
  if (hidden.length === 0) throw new ModelError(404, COMMENT_NOT_FOUND);
}

/**
 * Keeps a reported post or comment: every open report of the subject `reportId` belongs to is resolved. A report
 * that is missing or already decided is 409, so a second moderator learns the queue moved on.
 */
export async function dismissPostReports(
  db: Db,
  moderatorId: string,
  reportId: number,
  now = Date.now(),
): Promise<void> {
  const [report] = await db
    .select({ postId: postReports.postId, commentId: postReports.commentId })
    .from(postReports)
    .where(and(eq(postReports.id, reportId), isNull(postReports.resolvedAt)))
    .limit(1);
  if (!report) throw new ModelError(409, POST_REPORT_GONE);
  await resolveOpen(
    db,
    moderatorId,
    now,
    report.commentId === null
      ? and(eq(postReports.postId, report.postId), isNull(postReports.commentId))
      : eq(postReports.commentId, report.commentId),
  );
}

// Posts the spam rules held (ADR 051) wait in the moderation queue's Held tab as one more submission: approving one
// publishes it (shown to everyone, and the people it mentions are told then), rejecting removes it (its photos leave
// R2 after the row). Either way its author is told, and the decision is logged in the same batch.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts, profiles, users } from "~/db/schema";
import { photoKeyFromUrl } from "~/lib/http/photo-url";
import { msg } from "~/lib/i18n/translate";
import type { SpamCounts } from "~/lib/rules/spam";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import { smallPhotoKey } from "~/models/photo.server";
import { holdsText } from "~/models/queue.server";
import {
  decideSubmission,
  listSubmissions,
  type RowSlice,
  type Submission,
  type SubmissionDecision,
  senderOrGone,
} from "~/models/submission.server";
import { type Sender, senderColumns } from "~/models/user.server";
import { mentionNotices } from "./write.server";

export const HELD_PAGE_SIZE = 20;
const HELD_NOT_FOUND = msg("This held post is gone: its author may have deleted it.");

/** A held post as the Held tab shows it: what it says, who wrote it, and the counts the rule saw. */
export interface HeldPost {
  id: string;
  text: string;
  images: string[];
  author: Sender | null;
  username: string | null;
  counts: SpamCounts;
  created_at: number;
}

const held = isNotNull(posts.heldAt);

const heldRows = (db: Db, { where, orderBy, limit }: RowSlice) =>
  db
    .select({
      rowId: posts.id,
      publicId: posts.publicId,
      body: posts.body,
      images: posts.images,
      heldAt: posts.heldAt,
      heldCounts: posts.heldCounts,
      submitterId: posts.userId,
      authorName: posts.authorName,
      username: posts.authorUsername,
      author: senderColumns,
      language: profiles.language,
      status: sql<"pending" | "approved">`CASE WHEN ${held} THEN 'pending' ELSE 'approved' END`,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

type HeldRow = Awaited<ReturnType<typeof heldRows>>[number];

/** Its first words, as the log names it. */
const firstWords = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

const heldPosts: Submission<HeldRow, HeldPost> = {
  kind: "post",
  table: posts,
  logged: (post) => ({ id: post.publicId, name: firstWords(post.body) }),
  pageSize: HELD_PAGE_SIZE,
  key: { at: posts.heldAt, id: posts.id },
  pending: held,
  matches: (q) => (q ? holdsText(posts.body, q) : undefined),
  byId: (id) => eq(posts.publicId, String(id)),
  rows: heldRows,
  keyOf: (row) => ({ at: row.heldAt ?? 0, id: row.rowId }),
  items: (_db, rows) =>
    rows.map((row) => ({
      id: row.publicId,
      text: row.body,
      images: row.images,
      author: senderOrGone(row.author),
      username: row.username,
      counts: row.heldCounts ?? { byAccount: 0, newAccounts: 0 },
      created_at: row.heldAt ?? 0,
    })),
  notFound: HELD_NOT_FOUND,
  async decision(db, post, decision, t) {
    const stillHeld = and(eq(posts.id, post.rowId), held);
    const subject = `post:${post.publicId}`;
    if (!decision.approve)
      return {
        decide: db.delete(posts).where(stillHeld).returning({ id: posts.id }),
        tell: {
          title: t("Your post was not published"),
          body: t("Reason: {reason}", { reason: decision.reason }),
          link: "/feed",
          subject,
        },
      };
    const writer = { id: post.submitterId, name: post.authorName, username: post.username };
    const mentions = await mentionNotices(db, writer, post.body, post, "post");
    return {
      decide: db
        .update(posts)
        .set({ heldAt: null, hiddenAt: null, hiddenReason: null })
        .where(stillHeld)
        .returning({ id: posts.id }),
      tell: {
        title: t("Your post is published"),
        body: t("A moderator approved it: everyone can see it in the feed now."),
        link: `/feed?post=${post.publicId}`,
        subject,
      },
      rest: mentions.statements,
      told: mentions.told,
    };
  },
};

/** Held posts, a page at a time, oldest first by default: the Held tab. */
export const listHeldPosts = (db: Db, query: QueueQuery = QUEUE_START) =>
  listSubmissions(db, heldPosts, query);

/** How many posts are held under the search: the Held tab's figure. */
export const countHeldPosts = (db: Db, q: string) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(posts)
    .where(and(held, heldPosts.matches(q)));

/**
 * Approves (publishes) or rejects (removes) a held post: 404 when it is gone, 409 when another moderator decided it
 * first. A rejected post's photos leave R2 after its row.
 */
export async function decideHeldPost(
  context: { db: Db; kv: KVNamespace; photos: R2Bucket },
  publicId: string,
  decision: SubmissionDecision,
): Promise<void> {
  const { found } = await decideSubmission(context, heldPosts, publicId, decision);
  if (decision.approve) return;
  const keys = found.images.flatMap((url) => photoKeyFromUrl(url) ?? []);
  if (keys.length > 0) await context.photos.delete([...keys, ...keys.map(smallPhotoKey)]);
}

import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { photos, posts, profiles, stalls, users } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import { hotScore } from "~/lib/rules/hot-score";
import { mentionedUsernames } from "~/lib/rules/post-text";
import { POSTS_PER_DAY, type PostInput, type PostView } from "~/lib/schemas/community";
import { refuseIfRestricted } from "~/models/account-restriction.server";
import { unblocked } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { communityNotice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { findUnusedOwnPhotos, smallPhotoKey, stillOwnUnused, unusedUpload } from "~/models/photo.server";
import { consumeRateLimit, DAY_MS, dailyLimit, dailyLimitAt } from "~/models/rate-limit.server";
import { refuseNewAccountText, trustLevelOf } from "~/models/trust.server";
import { authorFields } from "./author.server";
import { getPost } from "./feed.server";
import { authorPresent, postNotFound } from "./rows.server";
import { weighPost } from "./spam.server";
import { fanOutPost } from "./timeline.server";

// Writing posts: share, edit and delete (the author only), and the mentions they notify.
//
// A post's photos are uploads (POST /api/shop/upload) the writer has not used yet. Taking one into a post sets its
// `photos` row's post_id, so the scheduled clean-up keeps it and the day's upload limit still counts it; the row goes
// with the post, and deleting the post or taking a photo out of it deletes the objects from R2.

export const DAILY_POST_LIMIT = dailyLimit(
  POSTS_PER_DAY,
  msg("You can share up to 30 posts a day. Please try again tomorrow."),
  dailyLimit(
    5,
    msg("While your account is new, you can share up to 5 posts a day. Please try again tomorrow."),
  ),
);
const NOT_THE_AUTHOR = msg("Only the post's author can change it");
const NO_SUCH_STALL = msg("No stall on Nukkad has this id");
const NOT_YOUR_PHOTO = "This photo is not one of your uploads, or is already used";
/** Mentions notified per text: a list of names past this is a broadcast, not a mention. */
const MAX_MENTIONS = 10;

export interface Writer {
  id: string;
  name: string;
  username: string | null;
}

/** The signed-in writer (and the language they read), refused with 403 until their e-mail address is confirmed (as
 * every contribution is). */
export async function confirmedWriter(db: Db, userId: string): Promise<Writer & { language: string | null }> {
  const [row] = await db
    .select({
      id: users.id,
      verifiedAt: users.emailVerifiedAt,
      name: profiles.fullName,
      username: profiles.username,
      language: profiles.language,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), authorPresent))
    .limit(1);
  if (!row) throw new ModelError(401, "Please log in first!");
  if (row.verifiedAt === null) throw new ModelError(403, CONFIRM_EMAIL_FIRST);
  return { id: row.id, name: row.name, username: row.username, language: row.language };
}

/** The approved stall a post pins, by public id; any other id is refused beside stall_id. */
async function pinnedStall(db: Db, stallId: string | null | undefined) {
  if (!stallId) return null;
  const [stall] = await db
    .select({ id: stalls.id, gridCell: stalls.gridCell })
    .from(stalls)
    .where(and(eq(stalls.shopUniqueId, stallId), sql`${stalls.status} = 'approved'`))
    .limit(1);
  if (!stall) throw new ModelError(400, NO_SUCH_STALL, { field: "stall_id" });
  return stall;
}

/** The columns the post form sets, alike when a post is shared and when it is edited. */
function formColumns(input: PostInput, stall: Awaited<ReturnType<typeof pinnedStall>>, keys: string[]) {
  return {
    type: input.type,
    body: input.text,
    stallId: stall?.id ?? null,
    gridCell: stall?.gridCell ?? null,
    images: keys.map(photoUrl),
    latitude: input.lat ?? null,
    longitude: input.lng ?? null,
  };
}

/** The R2 keys of the post's photos, each once; the ones not in `kept` must be the writer's unused uploads. */
async function photoKeys(db: Db, userId: string, images: string[], kept: string[] = []): Promise<string[]> {
  const keys = images.map((url) => photoKeyFromUrl(url) ?? "");
  const repeated = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (repeated !== -1)
    throw new ModelError(400, msg("Each photo only once"), { field: `images.${repeated}` });
  const fresh = keys.filter((key) => !kept.includes(key));
  const usable = new Set(await findUnusedOwnPhotos(db, userId, fresh));
  const foreign = keys.findIndex((key) => fresh.includes(key) && !usable.has(key));
  if (foreign !== -1) throw new ModelError(400, NOT_YOUR_PHOTO, { field: `images.${foreign}` });
  return keys;
}

/** SQL that holds while every key is still the writer's unused upload (a parallel post may have taken one). */
const stillFree = (userId: string, keys: string[]) =>
  keys.length === 0 ? sql`1` : stillOwnUnused(userId, keys);

/** Takes uploads into the post `postId` (its public id), in the batch that writes the post. */
const takePhotos = (db: Db, userId: string, keys: string[], postId: string) =>
  db
    .update(photos)
    .set({ postId: sql`(SELECT ${posts.id} FROM ${posts} WHERE ${posts.publicId} = ${postId})` })
    .where(and(inArray(photos.key, keys), eq(photos.userId, userId), unusedUpload));

function isPhotoGuardFailure(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("NOT NULL constraint failed: posts.")) return true;
  }
  return false;
}

/**
 * The 'mention' notices of a text for the batch that stores it: each existing person it names (not the writer) is
 * told once per post, whether named in the post or its comments, and only as their mention policy allows
 * ('following': only people they follow may mention them). An edit that names someone again tells them nothing new.
 */
export async function mentionNotices(
  db: Db,
  writer: Writer,
  text: string,
  post: { publicId: string },
  where: "post" | "comment",
): Promise<{ statements: BatchItem<"sqlite">[]; told: string[] }> {
  const names = mentionedUsernames(text).slice(0, MAX_MENTIONS);
  if (names.length === 0) return { statements: [], told: [] };
  const subject = `post:${post.publicId}`;
  const people = await db
    .select({
      id: users.id,
      policy: profiles.mentionPolicy,
      language: profiles.language,
      followsWriter: sql<number>`EXISTS (SELECT 1 FROM follows WHERE follows.follower_id = ${users.id} AND follows.followee_id = ${writer.id})`,
      notified: sql<number>`EXISTS (SELECT 1 FROM notifications WHERE notifications.user_id = ${users.id} AND notifications.type = 'mention' AND notifications.subject = ${subject})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    // Someone blocked either way is not reached: the name stays plain text to them (ADR 048).
    .where(and(inArray(profiles.username, names), authorPresent, unblocked(writer.id, users.id)));
  const told = people.filter(
    (person) =>
      !person.notified &&
      (person.policy === "everyone" || (person.policy === "following" && Boolean(person.followsWriter))),
  );
  const statements = told.flatMap((person) => {
    const t = translatorFor(isLanguage(person.language) ? person.language : DEFAULT_LANGUAGE);
    return communityNotice(db, {
      userId: person.id,
      actorId: writer.id,
      type: "mention",
      title:
        where === "post"
          ? t("{name} mentioned you in a post", { name: writer.name })
          : t("{name} mentioned you in a comment", { name: writer.name }),
      body: text.slice(0, 140),
      link: `/feed?post=${post.publicId}`,
      subject,
    });
  });
  return { statements, told: told.map((person) => person.id) };
}

/**
 * Shares a post. Refused: an unconfirmed e-mail address (403), a stall that is not on Nukkad (400, stall_id), photos
 * that are not the writer's unused uploads (400, images.N), and past DAILY_POST_LIMIT (429). It starts with the hot
 * score of a new post without engagement, so For You shows it before the scheduled job next runs, and is in each
 * follower's Following from the same batch (ADR 023). A post the spam rules hold (`held` in the answer) is seen by
 * its author alone, and tells the people it mentions nothing, until a moderator approves it (held.server.ts).
 */
export async function createPost(
  db: Db,
  kv: KVNamespace,
  author: { id: string },
  input: PostInput,
  now = Date.now(),
): Promise<PostView> {
  const writer = await confirmedWriter(db, author.id);
  await refuseIfRestricted(db, writer.id);
  const stall = await pinnedStall(db, input.stall_id);
  const keys = await photoKeys(db, writer.id, input.images);
  const level = await trustLevelOf(db, writer.id);
  refuseNewAccountText(level, input.text, "post");
  const daily = dailyLimitAt(DAILY_POST_LIMIT, level);
  const allowance = await consumeRateLimit(
    db,
    `post-create:${writer.id}`,
    { limit: daily.limit, windowSeconds: DAY_MS / 1000 },
    now,
  );
  if (!allowance.allowed)
    throw new ModelError(429, daily.message, { retryAfterSeconds: allowance.retryAfterSeconds });
  const publicId = randomId();
  const spam = await weighPost(db, { ...writer, level }, input.text, now);
  const mentions =
    spam.heldAt === undefined
      ? await mentionNotices(db, writer, input.text, { publicId }, "post")
      : { statements: [], told: [] };
  const insert = db.insert(posts).values({
    // A photo taken by a parallel post since the check makes the id NULL, which rolls the whole batch back.
    publicId: sql`CASE WHEN ${stillFree(writer.id, keys)} THEN ${publicId} END`,
    userId: writer.id,
    ...authorFields(writer.id),
    ...formColumns(input, stall, keys),
    ...spam,
    hotScore: hotScore({ likes: 0, comments: 0, saves: 0, createdAt: now }, now),
    createdAt: now,
  });
  try {
    await db.batch([
      insert,
      fanOutPost(db, writer.id, publicId),
      ...(keys.length > 0 ? [takePhotos(db, writer.id, keys, publicId)] : []),
      ...mentions.statements,
    ]);
  } catch (error) {
    if (!isPhotoGuardFailure(error)) throw error;
    throw new ModelError(400, NOT_YOUR_PHOTO, { field: "images" });
  }
  await refreshUnreadCounts(db, kv, mentions.told);
  return getPost(db, { id: writer.id }, publicId);
}

/** The post an author changes: unknown ones are 404, someone else's 403. A hidden post is 404 to everyone, unless
 * `evenHidden` (its author may delete it; an edit would undo what the moderator left). */
async function ownPost(db: Db, userId: string, postId: string, evenHidden = false) {
  const [post] = await db
    .select({ id: posts.id, userId: posts.userId, hiddenAt: posts.hiddenAt, images: posts.images })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.publicId, postId), authorPresent))
    .limit(1);
  if (!post || (post.hiddenAt !== null && !(evenHidden && post.userId === userId))) throw postNotFound();
  if (post.userId !== userId) throw new ModelError(403, NOT_THE_AUTHOR);
  return post;
}

const keysOf = (images: string[]) => images.flatMap((url) => photoKeyFromUrl(url) ?? []);

/**
 * Edits the author's post: type, text, stall, photos and position as given. People newly mentioned are told; those
 * told before are not told again. Photos taken out are deleted from `bucket` (R2) after the batch.
 */
export async function updatePost(
  db: Db,
  kv: KVNamespace,
  userId: string,
  postId: string,
  input: PostInput,
  bucket: R2Bucket,
): Promise<PostView> {
  const post = await ownPost(db, userId, postId);
  const writer = await confirmedWriter(db, userId);
  refuseNewAccountText(await trustLevelOf(db, userId), input.text, "post");
  const stall = await pinnedStall(db, input.stall_id);
  const before = keysOf(post.images);
  const keys = await photoKeys(db, userId, input.images, before);
  const added = keys.filter((key) => !before.includes(key));
  const removed = before.filter((key) => !keys.includes(key));
  const mentions = await mentionNotices(db, writer, input.text, { publicId: postId }, "post");
  const update = db
    .update(posts)
    .set({
      publicId: sql`CASE WHEN ${stillFree(userId, added)} THEN ${postId} END`,
      ...formColumns(input, stall, keys),
      updatedAt: Date.now(),
    })
    .where(eq(posts.id, post.id));
  try {
    await db.batch([
      update,
      ...(added.length > 0 ? [takePhotos(db, userId, added, postId)] : []),
      ...(removed.length > 0
        ? [db.delete(photos).where(and(inArray(photos.key, removed), eq(photos.postId, post.id)))]
        : []),
      ...mentions.statements,
    ]);
  } catch (error) {
    if (!isPhotoGuardFailure(error)) throw error;
    throw new ModelError(400, NOT_YOUR_PHOTO, { field: "images" });
  }
  await refreshUnreadCounts(db, kv, mentions.told);
  if (removed.length > 0) await bucket.delete([...removed, ...removed.map(smallPhotoKey)]);
  return getPost(db, { id: userId }, postId);
}

/** Deletes the author's post with its likes, saves, comments, reports and photo rows (they cascade), then its photos. A
 * hidden post can be deleted by its author too. */
export async function deletePost(db: Db, bucket: R2Bucket, userId: string, postId: string): Promise<void> {
  const post = await ownPost(db, userId, postId, true);
  await db.delete(posts).where(eq(posts.id, post.id));
  const keys = keysOf(post.images);
  if (keys.length > 0) await bucket.delete([...keys, ...keys.map(smallPhotoKey)]);
}

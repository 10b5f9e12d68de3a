import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText } from "~/lib/schemas/clean-text";
import { photoReference } from "~/lib/schemas/stall-form";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// The community (issue 19): one schema per input, shared by the pages' forms and /api/posts, /api/feed,
// /api/users and /api/shop/:id/confirm.

export const POST_TYPES = ["review", "discovery", "tip"] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_MAX_LENGTH = 1000;
export const POST_MAX_IMAGES = 4;
export const COMMENT_MAX_LENGTH = 500;
export const REPORT_REASON_MAX_LENGTH = 1000;
/** Per user and day; a 31st post or 201st comment answers 429. */
export const POSTS_PER_DAY = 30;
export const COMMENTS_PER_DAY = 200;
export const FEED_PAGE_SIZE = 20;
/** Nearby lists posts pinned to stalls within this distance of the reader. */
export const NEARBY_RADIUS_KM = 5;

export const FEED_TABS = ["for_you", "following", "nearby"] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export const CONFIRMATION_ANSWERS = ["still_here", "moved", "closed"] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];
/** One answer per person and stall in this window. */
export const CONFIRMATION_WINDOW_DAYS = 30;
/** Independent 'Closed for good' answers that send a stall to the moderation queue. */
export const CLOSED_ANSWERS_TO_REVIEW = 2;

/** A post's public id, as randomId() makes it. */
export const postIdSchema = z
  .string({ error: "postId is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "postId is not a post id");

export const usernameParamSchema = z
  .string({ error: "username is required" })
  .trim()
  .regex(/^[A-Za-z0-9_.]{1,40}$/, "username is not a username");

const latitude = z
  .number({ error: "lat must be a number from -90 to 90" })
  .min(-90, "lat must be a number from -90 to 90")
  .max(90, "lat must be a number from -90 to 90");
const longitude = z
  .number({ error: "lng must be a number from -180 to 180" })
  .min(-180, "lng must be a number from -180 to 180")
  .max(180, "lng must be a number from -180 to 180");

/** POST /api/posts, PUT /api/posts/:id and the composer. stall_id pins it to a stall; lat and lng (both or neither)
 * are the writer's position, sent only when they allowed it. */
export const postSchema = z
  .object({
    type: z.enum(POST_TYPES, { error: msg("Choose review, discovery or tip") }),
    text: cleanText({ error: msg("Write something to share"), multiline: true })
      .min(1, msg("Write something to share"))
      .max(POST_MAX_LENGTH, msg("Posts can be up to 1000 characters")),
    stall_id: stallIdSchema.nullish(),
    images: z
      .array(photoReference, { error: "images must be a list of photos" })
      .max(POST_MAX_IMAGES, msg("At most 4 photos"))
      .default([]),
    lat: latitude.nullish(),
    lng: longitude.nullish(),
  })
  .refine((post) => (post.lat == null) === (post.lng == null), {
    path: ["lng"],
    message: "Send both lat and lng, or neither",
  });
export type PostInput = z.infer<typeof postSchema>;

/** POST /api/posts/:id/comments and a comment's edit; parent_id answers a top-level comment (one level deep). */
export const commentSchema = z.object({
  text: cleanText({ error: msg("Write a comment"), multiline: true })
    .min(1, msg("Write a comment"))
    .max(COMMENT_MAX_LENGTH, msg("Comments can be up to 500 characters")),
  parent_id: z.number({ error: "parent_id must be a comment id" }).int().positive().nullish(),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** Why someone reports a post or comment: required, so moderators know what to look at. */
export const postReportSchema = z.object({
  reason: cleanText({ error: msg("Please say what is wrong with this post"), multiline: true })
    .min(1, msg("Please say what is wrong with this post"))
    .max(REPORT_REASON_MAX_LENGTH, msg("Reasons can be up to 1000 characters")),
});

/** A moderator hiding a post or comment: the reason is shown to its author. */
export const hidePostSchema = z.object({
  reason: cleanText({ error: msg("Say why it is hidden; its author sees this"), multiline: true })
    .min(1, msg("Say why it is hidden; its author sees this"))
    .max(REPORT_REASON_MAX_LENGTH, msg("Reasons can be up to 1000 characters")),
});

/** GET /api/feed and /feed's URL: the tab, the reader's position for Nearby (as 'lat,lng'), and the keyset cursor
 * the previous page answered. */
export const feedQuerySchema = z.object({
  tab: z.enum(FEED_TABS, { error: "tab must be for_you, following or nearby" }).default("for_you"),
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, "near must be lat,lng")
    .optional(),
  cursor: z.string().max(200, "cursor is not a cursor").optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** POST /api/shop/:id/confirm and the stall page's 'Still here?'. */
export const confirmationSchema = z.object({
  answer: z.enum(CONFIRMATION_ANSWERS, { error: "Answer still_here, moved or closed" }),
});

import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import type { OpenState } from "~/lib/rules/open-status";
import type { Achievement } from "~/lib/rules/profile-display";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { reportReasonText, requiredText } from "~/lib/schemas/clean-text";
import { feedPageQuery, latitudeSchema, longitudeSchema } from "~/lib/schemas/near";
import { photoReference } from "~/lib/schemas/photo-reference";
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
/** A feed's page. Ten cards fill a phone's screen several times over, and the next page loads as the end comes into
 * view: twenty made the first page's HTML 70 KB longer and doubled its hydration on a phone (issue 35). */
export const FEED_PAGE_SIZE = 10;
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

export const usernameParamSchema = z
  .string({ error: "username is required" })
  .trim()
  .regex(/^[A-Za-z0-9_.]{1,40}$/, "username is not a username");

/** POST /api/posts, PUT /api/posts/:id and the composer. stall_id pins it to a stall; lat and lng (both or neither)
 * are the writer's position, sent only when they allowed it. */
export const postSchema = z
  .object({
    type: z.enum(POST_TYPES, { error: msg("Choose review, discovery or tip") }),
    text: requiredText(
      msg("Write something to share"),
      POST_MAX_LENGTH,
      msg("Posts can be up to 1000 characters"),
      true,
    ),
    stall_id: stallIdSchema.nullish(),
    images: z
      .array(photoReference, { error: "images must be a list of photos" })
      .max(POST_MAX_IMAGES, msg("At most 4 photos"))
      .default([]),
    lat: latitudeSchema.nullish(),
    lng: longitudeSchema.nullish(),
  })
  .refine((post) => (post.lat == null) === (post.lng == null), {
    path: ["lng"],
    message: "Send both lat and lng, or neither",
  });
export type PostInput = z.infer<typeof postSchema>;

/** POST /api/posts/:id/comments and a comment's edit; parent_id answers a top-level comment (one level deep). */
export const commentSchema = z.object({
  text: requiredText(
    msg("Write a comment"),
    COMMENT_MAX_LENGTH,
    msg("Comments can be up to 500 characters"),
    true,
  ),
  parent_id: z.number({ error: "parent_id must be a comment id" }).int().positive().nullish(),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** Why someone reports a post, or with comment_id one of its comments: required, so moderators know what to look
 * at. */
export const postReportSchema = z.object({
  reason: reportReasonText(msg("Please say what is wrong with this post")),
  comment_id: z.number({ error: "comment_id must be a comment id" }).int().positive().nullish(),
});

/** GET /api/feed and /feed's URL: the tab, the reader's position for Nearby (as 'lat,lng'), and the keyset cursor
 * the previous page answered. */
export const feedQuerySchema = feedPageQuery(FEED_TABS, "tab must be for_you, following or nearby");
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** POST /api/shop/:id/confirm and the stall page's 'Still here?'. */
export const confirmationSchema = z.object({
  answer: z.enum(CONFIRMATION_ANSWERS, { error: "Answer still_here, moved or closed" }),
});

// ---- What the API and the pages answer -------------------------------------------------------------------------

/** A person as cards and lists show them. A deleted account answers name 'Deleted user', username null. */
export interface PersonView {
  id: string;
  username: string | null;
  name: string;
  avatar_url: string | null;
}

/** The stall a post is pinned to, as its card shows it. */
export interface PinnedStallView {
  id: string;
  name: string;
  location: string;
  thumbnail_image: string | null;
  weekly_schedule: WeeklySchedule | null;
  time_zone: string;
  /** Open status now, computed by the server (the page may recompute it in the browser). */
  open_state: OpenState;
  /** Kilometres from the reader, when their position is known. */
  distance_km: number | null;
}

export interface PostView {
  id: string;
  type: PostType;
  text: string;
  images: string[];
  author: PersonView;
  stall: PinnedStallView | null;
  /** The writer's position, when they shared it. */
  location: { lat: number; lng: number } | null;
  like_count: number;
  comment_count: number;
  save_count: number;
  created_at: string;
  updated_at: string | null;
  /** For the reader: */
  liked: boolean;
  saved: boolean;
  /** The reader wrote it (edit, delete). */
  mine: boolean;
  /** The reader follows the author (null: it is the reader, or a visitor). */
  following_author: boolean | null;
  /** Only its author sees a hidden post: the moderator's reason. */
  hidden_reason: string | null;
  /** Only its author sees a held post (the spam rules', ADR 051): it waits for a moderator, hidden_reason says why. */
  held: boolean;
}

/** GET /api/feed and every other list of posts: a page and the cursor of the next one (null at the end). */
export interface PostPage {
  data: PostView[];
  next_cursor: string | null;
}

/** /feed/page's answer, with an error status, when it cannot read the page: why (a message, msg), so 'Load more'
 * can say so and be pressed again rather than read as the end. */
export interface PostPageFailure {
  error: string;
}

export interface CommentView {
  id: number;
  post_id: string;
  parent_id: number | null;
  text: string;
  author: PersonView;
  created_at: string;
  updated_at: string | null;
  mine: boolean;
  /** Replies of a top-level comment, oldest first (one level deep); always [] on a reply. */
  replies: CommentView[];
}

export interface ProfileStats {
  posts: number;
  followers: number;
  following: number;
  stalls_added: number;
  reviews: number;
}

/** GET /api/users/:username and /u/:username. */
export interface PublicProfileView extends PersonView {
  bio: string | null;
  location: string | null;
  /** ISO date of joining; pages show month and year. */
  joined_at: string;
  stats: ProfileStats;
  /** The badges earned (the own profile's rule, achievements() in app/lib/rules/profile-display.ts). */
  achievements: Achievement[];
  /** null for a visitor or the person themself. */
  following: boolean | null;
  /** The person limits their profile to followers and the reader is not one: only the header is answered. */
  limited: boolean;
  /** Whether the reader blocked or muted them (ADR 048); null for a visitor or the person themself. A blocked
   * profile is `limited` and lists nothing of theirs. */
  blocked: boolean | null;
  muted: boolean | null;
}

/** Followers and following lists: keyset pages of people. */
export interface PersonPage {
  data: (PersonView & { following: boolean | null })[];
  next_cursor: string | null;
}

/** POST /api/shop/:id/confirm and the stall page's 'Still here?'. */
export interface ConfirmationView {
  answer: ConfirmationAnswer;
  /** ISO time of the latest Yes, for 'Last confirmed {date}'. */
  last_confirmed_at: string | null;
  /** When the reader may answer again. */
  next_answer_at: string;
}

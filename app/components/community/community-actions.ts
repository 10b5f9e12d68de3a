import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { msg } from "~/lib/i18n/translate";
import type { CommentView, PostView } from "~/lib/schemas/community";

// Where the community components post and read (app/routes/feed.actions.ts, feed.comments.ts): every page that shows
// them (the feed, a stall's page, profiles) reaches the same actions, so each works one way everywhere.

/** What a list of posts says when its next page could not be read; 'Load more' then tries again. */
export const POSTS_LOAD_FAILED = msg("Could not load more posts. Please try again.");

/** Every write: the form's `intent` says which (the values of INTENTS). */
export const COMMUNITY_ACTION = "/feed/actions";

export const INTENTS = {
  createPost: "create-post",
  updatePost: "update-post",
  deletePost: "delete-post",
  like: "like",
  save: "save",
  follow: "follow",
  report: "report",
  addComment: "add-comment",
  updateComment: "update-comment",
  deleteComment: "delete-comment",
} as const;
export type CommunityIntent = (typeof INTENTS)[keyof typeof INTENTS];

/** Intents whose answer the card applies itself: the page's loaders need not read the page again for them. */
export const LOCAL_INTENTS: readonly string[] = [
  INTENTS.like,
  INTENTS.save,
  INTENTS.report,
  INTENTS.addComment,
  INTENTS.updateComment,
  INTENTS.deleteComment,
];

/** The shouldRevalidate of every page showing post cards: a like, save, report or comment changes the card only, so
 * the page is not read again for it (a long feed or a stall page would reload for every tap). */
export const skipReloadForCardWrites: ShouldRevalidateFunction = ({
  formAction,
  formData,
  defaultShouldRevalidate,
}) =>
  formAction === COMMUNITY_ACTION && LOCAL_INTENTS.includes(String(formData?.get("intent")))
    ? false
    : defaultShouldRevalidate;

/** A post's comments, read when its card opens them. */
export const commentsUrl = (postId: string) => `/feed/comments?post=${encodeURIComponent(postId)}`;

/** The link a shared post travels as: the feed with that post first. */
export const postPath = (postId: string) => `/feed?post=${encodeURIComponent(postId)}`;

/** What a write answers: the action's answer, with the new state the card shows. */
export type PostAnswer = ActionAnswer & { post?: PostView };
export type LikeAnswer = ActionAnswer & { liked?: boolean; like_count?: number };
export type SaveAnswer = ActionAnswer & { saved?: boolean; save_count?: number };
export type FollowAnswer = ActionAnswer & { following?: boolean; followers_count?: number };
export type CommentsAnswer = { comments: CommentView[] };

import type { ShouldRevalidateFunction } from "@remix-run/react";
import { COMMUNITY_ACTION, INTENTS } from "~/components/community/community-actions";
import type { ActionAnswer } from "~/lib/http/action-answer";

// Where the reel pages post (app/routes/reels.actions.ts) and read further pages (app/routes/reels.page.ts).

/** Likes, saves and reports of reels, told apart by `intent`; follows go to the community actions as everywhere. */
export const REEL_ACTION = "/reels/actions";

export const REEL_INTENTS = {
  like: "like",
  save: "save",
  report: "report",
} as const;

/** The link a shared reel travels as. */
export const reelPath = (reelId: string) => `/reels/${encodeURIComponent(reelId)}`;

export type ReelLikeAnswer = ActionAnswer & { liked?: boolean; like_count?: number };
export type ReelSaveAnswer = ActionAnswer & { saved?: boolean; save_count?: number };

/**
 * A like, save, report or follow changes what one reel's overlay shows, which applies the answer itself: reading the
 * feed again would cost D1 reads per tap and could reorder the reels under the viewer's thumb.
 */
export const skipReloadForReelWrites: ShouldRevalidateFunction = ({
  formAction,
  formData,
  defaultShouldRevalidate,
}) =>
  formAction === REEL_ACTION ||
  (formAction === COMMUNITY_ACTION && formData?.get("intent") === INTENTS.follow)
    ? false
    : defaultShouldRevalidate;

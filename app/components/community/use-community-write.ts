import { useEffect, useRef, useState } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { COMMUNITY_ACTION, type CommunityIntent, type FollowAnswer, INTENTS } from "./community-actions";
import { useSignInGate } from "./sign-in-gate";

export interface ToggleState {
  on: boolean;
  count: number;
}

/**
 * A toggle the server keeps (like, save, follow), shown as asked the moment it is clicked and put back as it was,
 * with a toast, if the server refuses or cannot be reached. Each post sets the state asked for rather than flipping
 * it, so a retried post cannot undo itself; the server's answer (`read`) is the truth once it is back.
 */
export function useOptimisticToggle<Answer extends ActionAnswer>({
  action = COMMUNITY_ACTION,
  intent,
  fields,
  confirmed,
  read,
  toastId,
}: {
  /** Where it posts: the community actions (with their `intent`), or a route of its own. */
  action?: string;
  intent?: CommunityIntent;
  /** What identifies the thing toggled (postId, username, reviewId). */
  fields: Record<string, string>;
  /** The state the page's data shows. */
  confirmed: ToggleState;
  read: (answer: Answer) => ToggleState | null;
  toastId: string;
}) {
  const mayWrite = useSignInGate();
  const fetcher = useActionFetcher<Answer>({ toastId });
  const [known, setKnown] = useState(confirmed);
  const [asked, setAsked] = useState<ToggleState | null>(null);
  const sent = useRef(false);
  // Newer page data (a reload after another write) is the truth again. Heard while rendering, not in an effect: an
  // effect setting it on mount re-rendered every post of a page at once, in one long task, as the page hydrated.
  const [pageSaid, setPageSaid] = useState(confirmed);
  if (pageSaid.on !== confirmed.on || pageSaid.count !== confirmed.count) {
    setPageSaid(confirmed);
    setKnown(confirmed);
  }

  const answer = (fetcher.state === "idle" ? fetcher.data : undefined) as Answer | undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer.
  useEffect(() => {
    if (!answer || !sent.current) return;
    sent.current = false;
    const state = answer.ok ? read(answer) : null;
    if (state) setKnown(state);
    setAsked(null);
  }, [answer]);

  const shown = asked ?? known;
  const toggle = () => {
    if (!mayWrite()) return;
    const next = !shown.on;
    setAsked({ on: next, count: Math.max(0, shown.count + (next ? 1 : -1)) });
    sent.current = true;
    fetcher.submit(
      { ...(intent ? { intent } : {}), ...fields, value: String(next) },
      { method: "post", action },
    );
  };
  return { ...shown, toggle, pending: fetcher.state !== "idle" };
}

/** What a post or a reel shows of its likes and saves, and what a like or save answers. */
interface LikesAndSaves {
  liked: boolean;
  like_count: number;
  saved: boolean;
  save_count: number;
}
type LikeOrSaveAnswer = ActionAnswer & Partial<LikesAndSaves>;
type LikeOrSave = "like" | "save";
interface LikeOrSaveOptions {
  action?: string;
  fields: Record<string, string>;
  toastId: (toggle: LikeOrSave) => string;
}

/** Where each toggle's state and count stand, in the item and in the answer. */
const COUNTED = { like: ["liked", "like_count"], save: ["saved", "save_count"] } as const;

/**
 * The like and save toggles of a post or a reel: each posts its intent ("like", "save", the same words in the
 * community's and the reels' actions) with `fields` (what is liked) to `action`, and takes the state and count from
 * the answer. `toastId` names each toggle's toast.
 */
export function useLikeAndSave(item: LikesAndSaves, options: LikeOrSaveOptions) {
  return { like: useCountedToggle("like", item, options), save: useCountedToggle("save", item, options) };
}

function useCountedToggle(
  toggle: LikeOrSave,
  item: LikesAndSaves,
  { action = COMMUNITY_ACTION, fields, toastId }: LikeOrSaveOptions,
) {
  const [on, count] = COUNTED[toggle];
  return useOptimisticToggle<LikeOrSaveAnswer>({
    action,
    fields: { intent: INTENTS[toggle], ...fields },
    confirmed: { on: item[on], count: item[count] },
    read: (answer) => {
      const answered = answer[on];
      return answered === undefined ? null : { on: answered, count: answer[count] ?? item[count] };
    },
    toastId: toastId(toggle),
  });
}

/**
 * Following one person (by username) through the community's follow action, as every follow button does it: shown
 * at once, put back if the server refuses. `heard` gets each answer's state.
 */
export function useFollow(username: string, following: boolean, heard?: (following: boolean) => void) {
  return useOptimisticToggle<FollowAnswer>({
    intent: INTENTS.follow,
    fields: { username },
    confirmed: { on: following, count: 0 },
    read: (answer) => {
      if (answer.following === undefined) return null;
      heard?.(answer.following);
      return { on: answer.following, count: 0 };
    },
    toastId: `follow-${username}`,
  });
}

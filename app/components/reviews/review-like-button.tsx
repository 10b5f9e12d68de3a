import { Heart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSignInGate } from "~/components/community/use-community-write";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { authorName } from "~/lib/rules/deleted-user";
import type { Review } from "~/models/review.server";

/** The URL a review's like posts to (app/routes/stall.$id.review-like.ts). */
export const reviewLikePath = (stallId: string) => `/stall/${encodeURIComponent(stallId)}/review-like`;

/** Whether a post went to a review's like: the button applies the answer, so the stall page need not reload. */
export const isReviewLike = (formAction: string | undefined) => formAction?.endsWith("/review-like") ?? false;

type ReviewLikeAnswer = ActionAnswer & { liked?: boolean; like_count?: number };

const pill = "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm";

/**
 * A review's likes. Others' reviews get a button shown as clicked at once and put back, with the action's toast, if
 * the server refuses or cannot be reached (as the feed's like does; a visitor is asked to sign in). The reader's own
 * review shows its count only: nobody likes their own.
 */
export function ReviewLikeButton({
  review,
  stallId,
  own,
}: {
  review: Review;
  stallId: string;
  own: boolean;
}) {
  const t = useT();
  const mayWrite = useSignInGate();
  const fetcher = useActionFetcher<ReviewLikeAnswer>({ toastId: `review-like-${review.id}` });
  const [known, setKnown] = useState({ on: review.liked, count: review.like_count });
  const [asked, setAsked] = useState<{ on: boolean; count: number } | null>(null);
  const sent = useRef(false);
  // The page's data after a reload (this like's or another write's) is the truth again.
  useEffect(
    () => setKnown({ on: review.liked, count: review.like_count }),
    [review.liked, review.like_count],
  );
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || !sent.current) return;
    sent.current = false;
    if (answer.ok && answer.liked !== undefined)
      setKnown({ on: answer.liked, count: answer.like_count ?? 0 });
    setAsked(null);
  }, [answer]);

  const shown = asked ?? known;
  const likes = t("{count, plural, one {# like} other {# likes}}", { count: shown.count });
  if (own) {
    return (
      <p className={`${pill} text-ink-muted`} title={t("You cannot like your own review")}>
        <Heart aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{shown.count}</span>
        <span className="sr-only">{t("Your review: {likes}", { likes })}</span>
      </p>
    );
  }
  const toggle = () => {
    if (!mayWrite()) return;
    const next = !shown.on;
    setAsked({ on: next, count: Math.max(0, shown.count + (next ? 1 : -1)) });
    sent.current = true;
    fetcher.submit(
      { reviewId: String(review.id), value: String(next) },
      { method: "post", action: reviewLikePath(stallId) },
    );
  };
  return (
    <button
      type="button"
      aria-pressed={shown.on}
      aria-label={t("Like review by {name}, {likes}", { name: authorName(t, review.author.name), likes })}
      onClick={toggle}
      className={`${pill} hover:bg-surface-muted ${shown.on ? "text-closed" : "text-ink-muted hover:text-ink"}`}
    >
      <Heart aria-hidden="true" className={`size-4 ${shown.on ? "fill-current" : ""}`} />
      <span aria-hidden="true">{shown.count}</span>
    </button>
  );
}

import { Heart } from "lucide-react";
import { ToggleButton } from "~/components/community/toggle-button";
import { useOptimisticToggle } from "~/components/community/use-community-write";
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
 * A review's likes. Others' reviews get the feed's optimistic like (useOptimisticToggle: shown at once, put back
 * with a toast if refused; a visitor is asked to sign in), posting to the stall page's own action. The reader's own
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
  const like = useOptimisticToggle<ReviewLikeAnswer>({
    action: reviewLikePath(stallId),
    fields: { reviewId: String(review.id) },
    confirmed: { on: review.liked, count: review.like_count },
    read: (answer) =>
      answer.liked === undefined ? null : { on: answer.liked, count: answer.like_count ?? 0 },
    toastId: `review-like-${review.id}`,
  });
  const likes = t("{count, plural, one {# like} other {# likes}}", { count: like.count });
  if (own) {
    return (
      <p className={`${pill} text-ink-muted`} title={t("You cannot like your own review")}>
        <Heart aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{like.count}</span>
        <span className="sr-only">{t("Your review: {likes}", { likes })}</span>
      </p>
    );
  }
  return (
    <ToggleButton
      toggle={like}
      label={t("Like review by {name}, {likes}", { name: authorName(t, review.author.name), likes })}
      className={`${pill} hover:bg-surface-muted ${like.on ? "text-closed" : "text-ink-muted hover:text-ink"}`}
    >
      <Heart aria-hidden="true" className={`size-4 ${like.on ? "fill-current" : ""}`} />
      <span aria-hidden="true">{like.count}</span>
    </ToggleButton>
  );
}

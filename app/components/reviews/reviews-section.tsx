import { Link } from "@remix-run/react";
import { Flag, Pencil, Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { FormOpener } from "~/components/form/form-opener";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { TitledSection } from "~/components/layout/titled-section";
import { SignInSentence, signInSlot } from "~/components/sign-in-sentence";
import { Rating } from "~/components/stall/stall-card";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import { formatDay } from "~/lib/rules/time-format";
import type { Review, StallReviews } from "~/models/review.server";
import { ReviewLikeButton } from "./review-like-button";
import { ReviewsForm } from "./reviews-form";
import { Stars } from "./stars";

// The forms bring conform and zod: they download when one is first shown (a signed-in reader's own review form
// is shown at once and hydrates when its code arrives; until then it still posts as a plain form).
const reviewForm = lazyForm(() => import("./review-forms").then((module) => module.ReviewForm));
const reportForm = lazyForm(() => import("./review-forms").then((module) => module.ReviewReportForm));

/** The stall page's reviews: the average, the signed-in user's own review form, and everyone's reviews. */
export function ReviewsSection({
  stallId,
  reviews,
  viewerId,
  emailConfirmed,
}: {
  stallId: string;
  reviews: StallReviews;
  viewerId: string | null;
  /** Reviews and reports need a confirmed e-mail address: without one the section says why and offers the link. */
  emailConfirmed: boolean;
}) {
  const { rating_average, rating_count, items, mine } = reviews;
  const t = useT();
  return (
    <TitledSection id="reviews" title={t("Reviews")} look="panel">
      <p className="mt-1 flex items-center gap-2 text-sm">
        <Rating value={rating_average} />
        <span className="text-ink-muted">
          {t("from {count, plural, one {# rating} other {# ratings}}", { count: rating_count })}
        </span>
      </p>
      {viewerId && emailConfirmed ? (
        <OwnReview stallId={stallId} mine={mine} />
      ) : viewerId ? (
        <ConfirmEmailNotice className="mt-4 rounded-lg bg-surface-muted p-4">
          {t(
            "Reviews come from people we can reach. Open the confirmation link we sent to your inbox, then rate this stall.",
          )}
        </ConfirmEmailNotice>
      ) : (
        <SignInSentence
          sentence={t("{signIn} to rate this stall and write a review.", signInSlot)}
          className="mt-4 text-sm"
        />
      )}
      {items.length === 0 ? (
        <p className="mt-4 text-ink-muted">{t("No reviews yet. Be the first to rate this stall!")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label={t("Reviews, newest first")}>
          {items.map((review) => (
            <ReviewItem
              key={review.author.id}
              review={review}
              stallId={stallId}
              canReport={viewerId !== null && emailConfirmed && viewerId !== review.author.id}
              own={viewerId === review.author.id}
            />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function OwnReview({ stallId, mine }: { stallId: string; mine: Review | null }) {
  const [editing, setEditing] = useState(mine === null);
  const remove = useActionFetcher();
  const t = useT();
  if (editing || !mine) {
    return (
      <Suspense fallback={<LoadingForm className="mt-4 min-h-64 rounded-lg bg-surface-muted" />}>
        <reviewForm.Form
          stallId={stallId}
          mine={mine}
          onCancel={mine ? () => setEditing(false) : undefined}
          onSaved={() => setEditing(false)}
        />
      </Suspense>
    );
  }
  return (
    <div className="mt-4 rounded-lg bg-surface-muted p-3">
      <p className="font-semibold text-sm">{t("Your review")}</p>
      <Stars value={mine.rating} className="mt-1" />
      {mine.body ? <p className="mt-1 whitespace-pre-line text-sm">{mine.body}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <FormOpener
          onClick={() => setEditing(true)}
          preload={reviewForm.preload}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-border px-3 py-1 font-semibold text-sm"
        >
          <Pencil aria-hidden="true" className="size-4" /> {t("Edit review")}
        </FormOpener>
        <ReviewsForm fetcher={remove} stallId={stallId} intent="delete">
          <PendingButton
            type="submit"
            pending={remove.state !== "idle"}
            pendingLabel={t("Deleting...")}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-closed px-3 py-1 font-semibold text-closed text-sm disabled:opacity-60"
          >
            {t("Delete review")}
          </PendingButton>
        </ReviewsForm>
      </div>
    </div>
  );
}

function ReviewItem({
  review,
  stallId,
  canReport,
  own,
}: {
  review: Review;
  stallId: string;
  canReport: boolean;
  own: boolean;
}) {
  const [reporting, setReporting] = useState(false);
  const locale = useLocale();
  const t = useT();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold">
          {review.author.username ? (
            <Link to={`/u/${review.author.username}`} className="hover:underline">
              {authorName(t, review.author.name)}
            </Link>
          ) : (
            authorName(t, review.author.name)
          )}
        </p>
        <Stars value={review.rating} />
        <p className="text-ink-muted text-sm">
          <time dateTime={new Date(review.created_at).toISOString()}>
            {formatDay(review.created_at, locale)}
          </time>
          {review.updated_at ? ` ${t("(edited)")}` : null}
        </p>
        {canReport && !reporting ? (
          <FormOpener
            onClick={() => setReporting(true)}
            preload={reportForm.preload}
            className="ml-auto inline-flex items-center gap-1 text-ink-muted text-sm underline"
          >
            <Flag aria-hidden="true" className="size-3.5" /> {t("Report")}
            <span className="sr-only">
              {" "}
              {t("review by {name}", { name: authorName(t, review.author.name) })}
            </span>
          </FormOpener>
        ) : null}
      </div>
      {review.body ? <p className="mt-1 whitespace-pre-line">{review.body}</p> : null}
      <div className="-ml-3 mt-1">
        <ReviewLikeButton review={review} stallId={stallId} own={own} />
      </div>
      {reporting ? (
        <Suspense fallback={<LoadingForm className="mt-2 min-h-36" />}>
          <reportForm.Form stallId={stallId} review={review} onDone={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}

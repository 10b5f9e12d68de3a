import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link, useLocation } from "@remix-run/react";
import { Flag, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { Rating } from "~/components/stall/stall-card";
import { REVIEW_MAX_LENGTH, reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import type { Review, StallReviews } from "~/models/review.server";
import { StarRatingInput, Stars } from "./stars";

const reviewDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

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
  const location = useLocation();
  const { rating_average, rating_count, items, mine } = reviews;
  return (
    <section aria-labelledby="reviews" className="rounded-xl border border-border bg-surface p-5">
      <h2 id="reviews" className="font-bold text-xl">
        Reviews
      </h2>
      <p className="mt-1 flex items-center gap-2 text-sm">
        <Rating value={rating_average} />
        <span className="text-ink-muted">
          from {rating_count} {rating_count === 1 ? "rating" : "ratings"}
        </span>
      </p>
      {viewerId && emailConfirmed ? (
        <OwnReview stallId={stallId} mine={mine} />
      ) : viewerId ? (
        <ConfirmEmailNotice className="mt-4 rounded-lg bg-surface-muted p-4">
          Reviews come from people we can reach. Open the confirmation link we sent to your inbox, then rate
          this stall.
        </ConfirmEmailNotice>
      ) : (
        <p className="mt-4 text-sm">
          <Link
            to={`/auth?redirectTo=${encodeURIComponent(location.pathname)}`}
            className="font-semibold text-primary-strong underline"
          >
            Sign in
          </Link>{" "}
          to rate this stall and write a review.
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-4 text-ink-muted">No reviews yet. Be the first to rate this stall!</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label="Reviews, newest first">
          {items.map((review) => (
            <ReviewItem
              key={review.author.id}
              review={review}
              stallId={stallId}
              canReport={viewerId !== null && emailConfirmed && viewerId !== review.author.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function OwnReview({ stallId, mine }: { stallId: string; mine: Review | null }) {
  const [editing, setEditing] = useState(mine === null);
  const remove = useActionFetcher();
  if (editing || !mine) {
    return (
      <ReviewForm
        stallId={stallId}
        mine={mine}
        onCancel={mine ? () => setEditing(false) : undefined}
        onSaved={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="mt-4 rounded-lg bg-surface-muted p-3">
      <p className="font-semibold text-sm">Your review</p>
      <Stars value={mine.rating} className="mt-1" />
      {mine.body ? <p className="mt-1 whitespace-pre-line text-sm">{mine.body}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-border px-3 py-1 font-semibold text-sm"
        >
          <Pencil aria-hidden="true" className="size-4" /> Edit review
        </button>
        <remove.Form method="post" action={`/reviews/${stallId}`}>
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            disabled={remove.state !== "idle"}
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-closed px-3 py-1 font-semibold text-closed text-sm disabled:opacity-60"
          >
            <Trash2 aria-hidden="true" className="size-4" />{" "}
            {remove.state !== "idle" ? "Deleting..." : "Delete review"}
          </button>
        </remove.Form>
      </div>
    </div>
  );
}

function ReviewForm({
  stallId,
  mine,
  onCancel,
  onSaved,
}: {
  stallId: string;
  mine: Review | null;
  onCancel?: () => void;
  onSaved: () => void;
}) {
  const fetcher = useActionFetcher({ onSuccess: onSaved });
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [body, setBody] = useState(mine?.body ?? "");
  const [form, fields] = useForm({
    id: `review-${stallId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : null,
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={`/reviews/${stallId}`}
      {...getFormProps(form)}
      className="mt-4 space-y-3 rounded-lg bg-surface-muted p-3"
    >
      <input type="hidden" name="intent" value="save" />
      <StarRatingInput
        name={fields.rating.name}
        legend={mine ? "Your rating" : "Rate this stall"}
        value={rating}
        onChange={setRating}
        disabled={saving}
        invalid={Boolean(fields.rating.errors)}
        errorId={fields.rating.errorId}
      />
      <FieldError
        id={fields.rating.errorId}
        errors={fields.rating.errors ? ["Please choose 1 to 5 stars"] : undefined}
      />
      <div>
        <label htmlFor={fields.body.id} className="block font-medium text-sm">
          Your review (optional)
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          key={fields.body.key}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={3}
          disabled={saving}
          placeholder="What did you eat? What should others try?"
          className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
        />
        <p className="text-ink-muted text-xs">
          {body.length}/{REVIEW_MAX_LENGTH}
        </p>
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={saving}
          className="rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {saving ? "Saving..." : mine ? "Update review" : "Post review"}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full border border-border px-4 py-2 font-semibold"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function ReviewItem({ review, stallId, canReport }: { review: Review; stallId: string; canReport: boolean }) {
  const [reporting, setReporting] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold">{review.author.name}</p>
        <Stars value={review.rating} />
        <p className="text-ink-muted text-sm">
          <time dateTime={new Date(review.created_at).toISOString()}>
            {reviewDate.format(review.created_at)}
          </time>
          {review.updated_at ? " (edited)" : null}
        </p>
        {canReport && !reporting ? (
          <button
            type="button"
            onClick={() => setReporting(true)}
            className="ml-auto inline-flex items-center gap-1 text-ink-muted text-sm underline"
          >
            <Flag aria-hidden="true" className="size-3.5" /> Report
            <span className="sr-only"> review by {review.author.name}</span>
          </button>
        ) : null}
      </div>
      {review.body ? <p className="mt-1 whitespace-pre-line">{review.body}</p> : null}
      {reporting ? <ReportForm stallId={stallId} review={review} onDone={() => setReporting(false)} /> : null}
    </li>
  );
}

function ReportForm({ stallId, review, onDone }: { stallId: string; review: Review; onDone: () => void }) {
  const fetcher = useActionFetcher({ onSuccess: onDone });
  const [form, fields] = useForm({
    id: `report-${review.author.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : null,
    constraint: getZodConstraint(reviewReportSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewReportSchema }),
  });
  return (
    <fetcher.Form
      method="post"
      action={`/reviews/${stallId}`}
      {...getFormProps(form)}
      className="mt-2 space-y-2"
    >
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="authorId" value={review.author.id} />
      <label htmlFor={fields.reason.id} className="block font-medium text-sm">
        What is wrong with this review?
      </label>
      <textarea
        {...getTextareaProps(fields.reason)}
        key={fields.reason.key}
        rows={2}
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      />
      <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-full bg-primary px-4 py-1.5 font-semibold text-primary-foreground text-sm disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "Sending..." : "Send report"}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-full border border-border px-4 py-1.5 font-semibold text-sm"
        >
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}

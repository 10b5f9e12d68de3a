import { getFormProps } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { Flag, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { CharacterCount, FieldError, TextAreaField } from "~/components/form/field";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { Rating } from "~/components/stall/stall-card";
import { useLocale } from "~/components/use-locale";
import { formatDay } from "~/lib/rules/time-format";
import { REVIEW_MAX_LENGTH, reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import type { Review, StallReviews } from "~/models/review.server";
import { StarRatingInput, Stars } from "./stars";

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
        <ReviewsForm fetcher={remove} stallId={stallId} intent="delete">
          <PendingButton
            type="submit"
            pending={remove.state !== "idle"}
            pendingLabel="Deleting..."
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-closed px-3 py-1 font-semibold text-closed text-sm disabled:opacity-60"
          >
            Delete review
          </PendingButton>
        </ReviewsForm>
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
  const { fetcher, fields, formProps } = useReviewsForm(stallId, "save", reviewSchema, {
    id: `review-${stallId}`,
    onSuccess: onSaved,
  });
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [body, setBody] = useState(mine?.body ?? "");
  const saving = fetcher.state !== "idle";
  return (
    <ReviewsForm {...formProps} className="mt-4 space-y-3 rounded-lg bg-surface-muted p-3">
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
      <TextAreaField
        label="Your review (optional)"
        meta={fields.body}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        disabled={saving}
        placeholder="What did you eat? What should others try?"
        note={<CharacterCount length={body.length} max={REVIEW_MAX_LENGTH} />}
      />
      <div className="flex gap-2">
        <PendingButton
          type="submit"
          pending={saving}
          pendingLabel="Saving..."
          className="rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {mine ? "Update review" : "Post review"}
        </PendingButton>
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
    </ReviewsForm>
  );
}

function ReviewItem({ review, stallId, canReport }: { review: Review; stallId: string; canReport: boolean }) {
  const [reporting, setReporting] = useState(false);
  const locale = useLocale();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold">{review.author.name}</p>
        <Stars value={review.rating} />
        <p className="text-ink-muted text-sm">
          <time dateTime={new Date(review.created_at).toISOString()}>
            {formatDay(review.created_at, locale)}
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
  const { fetcher, fields, formProps } = useReviewsForm(stallId, "report", reviewReportSchema, {
    id: `report-${review.author.id}`,
    onSuccess: onDone,
    shouldRevalidate: "onSubmit",
  });
  return (
    <ReviewsForm {...formProps} className="mt-2 space-y-2">
      <input type="hidden" name="authorId" value={review.author.id} />
      <TextAreaField label="What is wrong with this review?" meta={fields.reason} rows={2} />
      <div className="flex gap-2">
        <PendingButton
          type="submit"
          pending={fetcher.state !== "idle"}
          pendingLabel="Sending..."
          className="rounded-full bg-primary px-4 py-1.5 font-semibold text-primary-foreground text-sm disabled:opacity-60"
        >
          Send report
        </PendingButton>
        <button
          type="button"
          onClick={onDone}
          className="rounded-full border border-border px-4 py-1.5 font-semibold text-sm"
        >
          Cancel
        </button>
      </div>
    </ReviewsForm>
  );
}

/**
 * A form of the section checked with `schema` when sent, posted with a fetcher of its own: the fetcher, the fields,
 * and the props of its ReviewsForm.
 */
function useReviewsForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  stallId: string,
  intent: "save" | "report",
  schema: Schema,
  {
    id,
    onSuccess,
    shouldRevalidate = "onInput",
  }: { id: string; onSuccess: () => void; shouldRevalidate?: "onInput" | "onSubmit" },
) {
  const fetcher = useActionFetcher({ onSuccess });
  const [form, fields] = useFetcherForm(schema, fetcher, {
    id,
    shouldValidate: "onSubmit",
    shouldRevalidate,
  });
  return { fetcher, fields, formProps: { fetcher, stallId, intent, ...getFormProps(form) } };
}

/**
 * A form of the section, posting its intent to the reviews action (app/routes/reviews.$stallId.tsx); the rest are
 * the form element's own props (conform's, a class).
 */
function ReviewsForm({
  fetcher,
  stallId,
  intent,
  children,
  ...form
}: {
  fetcher: ReturnType<typeof useActionFetcher>;
  stallId: string;
  intent: "save" | "delete" | "report";
  children: ReactNode;
} & Partial<ReturnType<typeof getFormProps>> & { className?: string }) {
  return (
    <fetcher.Form method="post" action={`/reviews/${stallId}`} {...form}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </fetcher.Form>
  );
}

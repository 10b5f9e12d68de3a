import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { CharacterCount, FieldError, TextAreaField } from "~/components/form/field";
import { type FormSchema, formSchema, type Schema } from "~/components/form/form-schema";
import { PendingButton } from "~/components/form/pending-button";
import { CancelButton } from "~/components/form/pill";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { REVIEW_MAX_LENGTH } from "~/lib/schemas/reviews";
import type { Review } from "~/models/review.server";
import { ReviewsForm } from "./reviews-form";
import { StarRatingInput } from "./stars";

// The reviews section's forms, in a module of their own: it brings conform and zod, which the stall page loads
// only once a form is on screen (app/components/reviews/reviews-section.tsx).

const reviewForm = formSchema(() => import("~/lib/schemas/reviews"), "reviewSchema");

const reviewReportForm = formSchema(() => import("~/lib/schemas/reviews"), "reviewReportSchema");

export function ReviewForm({
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
  const { fetcher, fields, formProps } = useReviewsForm(stallId, "save", reviewForm, {
    id: `review-${stallId}`,
    onSuccess: onSaved,
  });
  const [rating, setRating] = useState<number | null>(mine?.rating ?? null);
  const [body, setBody] = useState(mine?.body ?? "");
  const saving = fetcher.state !== "idle";
  const t = useT();
  return (
    <ReviewsForm {...formProps} className="mt-4 space-y-3 rounded-lg bg-surface-muted p-3">
      <StarRatingInput
        name={fields.rating.name}
        legend={mine ? t("Your rating") : t("Rate this stall")}
        value={rating}
        onChange={setRating}
        disabled={saving}
        invalid={Boolean(fields.rating.errors)}
        errorId={fields.rating.errorId}
      />
      <FieldError
        id={fields.rating.errorId}
        errors={fields.rating.errors ? [msg("Please choose 1 to 5 stars")] : undefined}
      />
      <TextAreaField
        label={t("Your review (optional)")}
        meta={fields.body}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        disabled={saving}
        placeholder={t("What did you eat? What should others try?")}
        note={<CharacterCount length={body.length} max={REVIEW_MAX_LENGTH} />}
      />
      <div className="flex gap-2">
        <PendingButton
          type="submit"
          pending={saving}
          pendingLabel={t("Saving...")}
          className="rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {mine ? t("Update review") : t("Post review")}
        </PendingButton>
        {onCancel ? <CancelButton onClick={onCancel} size="md" /> : null}
      </div>
    </ReviewsForm>
  );
}

export function ReviewReportForm({
  stallId,
  review,
  onDone,
}: {
  stallId: string;
  review: Review;
  onDone: () => void;
}) {
  const { fetcher, fields, formProps } = useReviewsForm(stallId, "report", reviewReportForm, {
    id: `report-${review.author.id}`,
    onSuccess: onDone,
    shouldRevalidate: "onSubmit",
  });
  const t = useT();
  return (
    <ReviewsForm {...formProps} className="mt-2 space-y-2">
      <input type="hidden" name="authorId" value={review.author.id} />
      <TextAreaField label={t("What is wrong with this review?")} meta={fields.reason} rows={2} />
      <div className="flex gap-2">
        <PendingButton
          type="submit"
          pending={fetcher.state !== "idle"}
          pendingLabel={t("Sending...")}
          className="rounded-full bg-primary px-4 py-1.5 font-semibold text-primary-foreground text-sm disabled:opacity-60"
        >
          {t("Send report")}
        </PendingButton>
        <CancelButton onClick={onDone} size="sm" />
      </div>
    </ReviewsForm>
  );
}

/**
 * A form of the section checked with `schema` when sent, posted with a fetcher of its own: the fetcher, the fields,
 * and the props of its ReviewsForm.
 */
function useReviewsForm<S extends Schema>(
  stallId: string,
  intent: "save" | "report",
  schema: FormSchema<S>,
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

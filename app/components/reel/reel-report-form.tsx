import { getFormProps } from "@conform-to/react";
import { useRef } from "react";
import { TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { useT } from "~/components/use-t";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/schemas/community";
import { reelReportSchema } from "~/lib/schemas/reels";
import { REEL_ACTION, REEL_INTENTS } from "./reel-actions";

export interface ReelReportFormProps {
  reelId: string;
  onSent: () => void;
}

/** Why a reel is reported (required), sent once per fill of the form. Downloaded when a report dialog first opens. */
export function ReelReportForm({ reelId, onSent }: ReelReportFormProps) {
  const t = useT();
  const fillKey = useRef<string | null>(null);
  const fetcher = useActionFetcher({
    failure: (message) => t("Could not send the report: {message}", { message }),
    onSuccess: () => {
      fillKey.current = null;
      form.reset();
      onSent();
    },
  });
  const [form, fields] = useFetcherForm(reelReportSchema, fetcher, {
    id: `report-reel-${reelId}`,
    shouldValidate: "onSubmit",
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      fillKey.current ??= newIdempotencyKey();
      formData.set(IDEMPOTENCY_FIELD, fillKey.current);
      fetcher.submit(formData, { method: "post", action: REEL_ACTION });
    },
  });
  const sending = fetcher.state !== "idle";
  return (
    <form {...getFormProps(form)} method="post" action={REEL_ACTION}>
      <input type="hidden" name="intent" value={REEL_INTENTS.report} />
      <input type="hidden" name="reelId" value={reelId} />
      <fieldset disabled={sending} className="space-y-4">
        <TextAreaField
          label={t("What is wrong?")}
          meta={fields.reason}
          rows={4}
          maxLength={REPORT_REASON_MAX_LENGTH}
          required
        />
        <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
          {t("Send Report")}
        </SubmitButton>
      </fieldset>
    </form>
  );
}

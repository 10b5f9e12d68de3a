import { getFormProps } from "@conform-to/react";
import { TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/pending-button";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { useT } from "~/components/use-t";
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
  const { form, fields, sending } = useOncePerFillForm(reelReportSchema, {
    id: `report-reel-${reelId}`,
    action: REEL_ACTION,
    failure: (message) => t("Could not send the report: {message}", { message }),
    onSent,
  });
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

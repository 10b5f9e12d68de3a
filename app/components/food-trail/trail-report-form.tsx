import { getFormProps } from "@conform-to/react";
import { ChoiceField } from "~/components/form/choice-field";
import { TextAreaField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { useT } from "~/components/use-t";
import { REPORT_DETAILS_MAX, TRAIL_REPORT_REASONS } from "~/lib/schemas/moderation-fields";

export interface TrailReportFormProps {
  trailId: string;
  onSent: () => void;
}

const trailReportForm = formSchema(() => import("~/lib/schemas/moderation"), "trailReportSchema");

/**
 * What is wrong with a trail (one of the reasons) and details, which Something else needs; posted to the trail
 * page's action once per fill of the form, as a stall's Report Issue is.
 */
export function TrailReportForm({ trailId, onSent }: TrailReportFormProps) {
  const t = useT();
  const action = `/food-trails/${encodeURIComponent(trailId)}`;
  const { form, fields, sending } = useOncePerFillForm(trailReportForm, {
    id: `report-trail-${trailId}`,
    action,
    failure: (message) => t("Could not send the report: {message}", { message }),
    onSent,
  });
  return (
    <form {...getFormProps(form)} method="post" action={action}>
      <input type="hidden" name="intent" value="report" />
      <fieldset disabled={sending} className="space-y-4">
        <ChoiceField
          legend={t("What is wrong?")}
          meta={fields.reason}
          options={TRAIL_REPORT_REASONS.map((reason) => ({ value: reason.value, label: t(reason.label) }))}
          className="flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
        />
        <TextAreaField
          label={t("Details (needed for Something else)")}
          meta={fields.details}
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
        />
        <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
          {t("Send Report")}
        </SubmitButton>
      </fieldset>
    </form>
  );
}

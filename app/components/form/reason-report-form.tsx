import { getFormProps } from "@conform-to/react";
import type { z } from "zod";
import { TextAreaField } from "~/components/form/field";
import type { FormSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { useT } from "~/components/use-t";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/schemas/community";

/** The schema of a report that is its reason, whatever else the action reads from the form. */
type ReasonSchema = z.ZodType<
  { reason: string } & Record<string, unknown>,
  { reason: string } & Record<string, unknown>
>;

/**
 * A report that is only its reason (a post, a comment, a reel): required, checked in the browser with the action's
 * `schema`, and sent once per fill to `action` with `target`'s hidden fields (its intent and what is reported).
 */
export function ReasonReportForm({
  schema,
  formId,
  action,
  target,
  onSent,
}: {
  schema: FormSchema<ReasonSchema>;
  formId: string;
  action: string;
  target: Record<string, string | number>;
  onSent: () => void;
}) {
  const t = useT();
  const { form, fields, sending } = useOncePerFillForm(schema, {
    id: formId,
    action,
    failure: (message) => t("Could not send the report: {message}", { message }),
    onSent,
  });
  return (
    <form {...getFormProps(form)} method="post" action={action}>
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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

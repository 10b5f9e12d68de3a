import { ChoiceField } from "~/components/form/choice-field";
import { TextAreaField } from "~/components/form/field";
import { useT } from "~/components/use-t";
import { REPORT_DETAILS_MAX, REPORT_KINDS, stallReportSchema } from "~/lib/schemas/moderation";
import { CommunityForm, type CommunityFormProps, useCommunityForm } from "./community-form";

/** What is wrong with the stall (one of the report kinds), and details, which Other needs. */
export function ReportForm(props: CommunityFormProps) {
  const { fields, formProps } = useCommunityForm(props, "report", stallReportSchema, "onSubmit");
  const t = useT();
  return (
    <CommunityForm {...formProps} submitLabel={t("Send Report")}>
      <ChoiceField
        legend={t("What is wrong?")}
        meta={fields.kind}
        options={REPORT_KINDS.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
        className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
      />
      <TextAreaField
        label={t("Details (needed for Other)")}
        meta={fields.details}
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
      />
    </CommunityForm>
  );
}

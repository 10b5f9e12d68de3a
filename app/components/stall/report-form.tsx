import { ChoiceField } from "~/components/form/choice-field";
import { TextAreaField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { useT } from "~/components/use-t";
import { REPORT_DETAILS_MAX, REPORT_KINDS } from "~/lib/schemas/moderation-fields";
import { CommunityForm, type CommunityFormProps, useCommunityForm } from "./community-form";

const stallReportForm = formSchema(() => import("~/lib/schemas/moderation"), "stallReportSchema");

/** What is wrong with the stall (one of the report kinds), and details, which Other needs. */
export function ReportForm(props: CommunityFormProps) {
  const { fields, formProps } = useCommunityForm(props, "report", stallReportForm, "onSubmit");
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

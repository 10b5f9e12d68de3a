import { ChoiceInputs } from "~/components/form/choice-inputs";
import { FieldError, TextAreaField } from "~/components/form/field";
import { useT } from "~/components/use-t";
import { REPORT_DETAILS_MAX, REPORT_KINDS, stallReportSchema } from "~/lib/schemas/moderation";
import { CommunityForm, type CommunityFormProps, useCommunityForm } from "./community-form";

/** What is wrong with the stall (one of the report kinds), and details, which Other needs. */
export function ReportForm(props: CommunityFormProps) {
  const { fields, formProps } = useCommunityForm(props, "report", stallReportSchema, "onSubmit");
  const t = useT();
  return (
    <CommunityForm {...formProps} submitLabel={t("Send Report")}>
      <fieldset aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
        <legend className="font-medium text-sm">{t("What is wrong?")}</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          <ChoiceInputs
            type="radio"
            name={fields.kind.name}
            options={REPORT_KINDS.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
            checked={[fields.kind.initialValue]}
            className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
          />
        </div>
        <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <TextAreaField
        label={t("Details (needed for Other)")}
        meta={fields.details}
        rows={4}
        maxLength={REPORT_DETAILS_MAX}
      />
    </CommunityForm>
  );
}

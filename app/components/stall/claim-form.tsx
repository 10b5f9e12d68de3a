import { TextAreaField, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { useT } from "~/components/use-t";
import { CLAIM_REASON_MAX } from "~/lib/schemas/moderation-fields";
import { CommunityForm, type CommunityFormProps, useCommunityForm } from "./community-form";

const stallClaimForm = formSchema(() => import("~/lib/schemas/moderation"), "stallClaimSchema");

/** The spec's claim form: Your Name, Phone Number, Reason for Claim, all required. */
export function ClaimForm(props: CommunityFormProps) {
  const { fields, formProps } = useCommunityForm(props, "claim", stallClaimForm, "onBlur");
  const t = useT();
  return (
    <CommunityForm {...formProps} submitLabel={t("Submit Claim Request")}>
      <TextField
        label={t("Your Name")}
        meta={fields.name}
        type="text"
        autoComplete="name"
        maxLength={100}
        required
      />
      <TextField
        label={t("Phone Number")}
        meta={fields.phone}
        type="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        maxLength={20}
        required
      />
      <TextAreaField
        label={t("Reason for Claim")}
        meta={fields.reason}
        rows={4}
        maxLength={CLAIM_REASON_MAX}
        required
      />
    </CommunityForm>
  );
}

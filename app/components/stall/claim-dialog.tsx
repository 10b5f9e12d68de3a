import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { FieldError, TextField } from "~/components/form/field";
import { notify } from "~/lib/client/notify";
import { CLAIM_REASON_MAX, stallClaimSchema } from "~/lib/schemas/moderation";
import { CommunityDialog, postJson } from "./community-dialog";

export const CLAIM_SENT = "Claim request sent! A moderator will review it.";

/** The spec's claim modal: title 'Claim This Stall', Your Name, Phone Number, Reason for Claim, all required. */
export function ClaimStallDialog({ stallId, stallName }: { stallId: string; stallName: string }) {
  return (
    <CommunityDialog
      label="Claim This Stall"
      icon={<BadgeCheck aria-hidden="true" className="size-4 text-primary" />}
      title="Claim This Stall"
      description={`Do you run "${stallName}"? A moderator checks your claim, then the stall shows as a Verified Business.`}
    >
      {(close) => <ClaimForm stallId={stallId} onSent={close} />}
    </CommunityDialog>
  );
}

function ClaimForm({ stallId, onSent }: { stallId: string; onSent: () => void }) {
  const [sending, setSending] = useState(false);
  const [form, fields] = useForm({
    id: `claim-${stallId}`,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stallClaimSchema }),
    onSubmit: async (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSending(true);
      const result = await postJson(`/api/shop/${encodeURIComponent(stallId)}/claims`, submission.value);
      setSending(false);
      if (!result.ok) {
        notify.error(`Could not send the claim: ${result.error}`);
        return;
      }
      notify.success(CLAIM_SENT);
      form.reset();
      onSent();
    },
  });
  return (
    <form {...getFormProps(form)}>
      <fieldset disabled={sending} className="space-y-4">
        <TextField
          label="Your Name"
          meta={fields.name}
          type="text"
          autoComplete="name"
          maxLength={100}
          required
        />
        <TextField
          label="Phone Number"
          meta={fields.phone}
          type="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          maxLength={20}
          required
        />
        <div>
          <label htmlFor={fields.reason.id} className="block font-medium text-sm">
            Reason for Claim
            <span aria-hidden="true" className="text-closed">
              {" "}
              *
            </span>
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            rows={4}
            maxLength={CLAIM_REASON_MAX}
            required
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <button
          type="submit"
          className="w-full rounded-full bg-primary py-3 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {sending ? "Sending..." : "Submit Claim Request"}
        </button>
      </fieldset>
    </form>
  );
}

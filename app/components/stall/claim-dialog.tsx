import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BadgeCheck } from "lucide-react";
import { useRef } from "react";
import { FieldError, TextField } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";
import { CLAIM_REASON_MAX, stallClaimSchema } from "~/lib/schemas/moderation";
import { CommunityDialog, communityAction } from "./community-dialog";

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
  // One key per fill of the form: a double click or a resend stores one claim; a sent claim starts a new fill.
  const fillKey = useRef<string | null>(null);
  const fetcher = useActionFetcher({
    failure: (message) => `Could not send the claim: ${message}`,
    onSuccess: () => {
      fillKey.current = null;
      form.reset();
      onSent();
    },
  });
  const sending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `claim-${stallId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stallClaimSchema }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      fillKey.current ??= newIdempotencyKey();
      formData.set(IDEMPOTENCY_FIELD, fillKey.current);
      fetcher.submit(formData, { method: "post", action: communityAction(stallId) });
    },
  });
  return (
    <form {...getFormProps(form)} method="post" action={communityAction(stallId)}>
      <input type="hidden" name="intent" value="claim" />
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

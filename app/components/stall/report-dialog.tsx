import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Flag } from "lucide-react";
import { useRef } from "react";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";
import { REPORT_DETAILS_MAX, REPORT_KINDS, stallReportSchema } from "~/lib/schemas/moderation";
import { CommunityDialog, communityAction } from "./community-dialog";

export function ReportIssueDialog({ stallId, stallName }: { stallId: string; stallName: string }) {
  return (
    <CommunityDialog
      label="Report Issue"
      icon={<Flag aria-hidden="true" className="size-4 text-primary" />}
      title="Report Issue"
      description={`Tell the moderators what is wrong with "${stallName}".`}
    >
      {(close) => <ReportForm stallId={stallId} onSent={close} />}
    </CommunityDialog>
  );
}

function ReportForm({ stallId, onSent }: { stallId: string; onSent: () => void }) {
  // One key per fill of the form: a double click or a resend stores one report; a sent report starts a new fill.
  const fillKey = useRef<string | null>(null);
  const fetcher = useActionFetcher({
    failure: (message) => `Could not send the report: ${message}`,
    onSuccess: () => {
      fillKey.current = null;
      form.reset();
      onSent();
    },
  });
  const sending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `report-${stallId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stallReportSchema }),
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      fillKey.current ??= newIdempotencyKey();
      formData.set(IDEMPOTENCY_FIELD, fillKey.current);
      fetcher.submit(formData, { method: "post", action: communityAction(stallId) });
    },
  });
  return (
    <form {...getFormProps(form)} method="post" action={communityAction(stallId)} className="space-y-4">
      <input type="hidden" name="intent" value="report" />
      <fieldset disabled={sending} className="space-y-4">
        <fieldset aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
          <legend className="font-medium text-sm">What is wrong?</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {REPORT_KINDS.map((kind) => (
              <label
                key={kind.value}
                className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name={fields.kind.name}
                  value={kind.value}
                  defaultChecked={fields.kind.initialValue === kind.value}
                  className="accent-primary"
                />
                {kind.label}
              </label>
            ))}
          </div>
          <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.details.id} className="block font-medium text-sm">
            Details (needed for Other)
          </label>
          <textarea
            {...getTextareaProps(fields.details)}
            key={fields.details.key}
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.details.errorId} errors={fields.details.errors} />
        </div>
        <button
          type="submit"
          className="w-full rounded-full bg-primary py-3 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {sending ? "Sending..." : "Send Report"}
        </button>
      </fieldset>
    </form>
  );
}

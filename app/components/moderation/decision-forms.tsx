import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Check, X } from "lucide-react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/form/field";
import type { useActionFetcher } from "~/components/form/use-action-fetcher";
import { type Schema, useFetcherForm } from "~/components/form/use-schema-form";
import { moderationActionSchema, REJECTION_REASON_MAX } from "~/lib/schemas/moderation";
import { DecisionButton, type DecisionLook, SUBMISSION_DECISIONS } from "./decision-button";

interface DecisionProps {
  /** The queue item's fetcher: all of its decisions wait while one is sent. */
  fetcher: ReturnType<typeof useActionFetcher>;
  look: DecisionLook;
  /** What the form sends besides a reason: the intent, the item decided on (`{ reel: id }`, `{ report: id }`), and
   * which decision where one intent has several. */
  fields: Record<string, string | number>;
  icon: ReactNode;
  /** What the decision is about, read out after the button's label and asked about in a confirmation. */
  subject: string;
}

function HiddenFields({ fields }: { fields: Record<string, string | number> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * A decision's form: what it sends (`fields` as hidden inputs), what it asks for first (`children`), and its button.
 */
function DecisionForm({
  decision: { fetcher, look, fields, icon, subject },
  className,
  buttonClassName,
  formProps,
  children,
}: {
  decision: DecisionProps;
  className: string;
  buttonClassName: string;
  formProps?: ReturnType<typeof getFormProps>;
  children?: ReactNode;
}) {
  return (
    <fetcher.Form method="post" {...formProps} className={className}>
      <HiddenFields fields={fields} />
      {children}
      <DecisionButton
        fetcher={fetcher}
        look={look}
        sends={fields}
        icon={icon}
        subject={subject}
        className={buttonClassName}
      />
    </fetcher.Form>
  );
}

/** A decision in one press (approve, keep, dismiss, restore). */
export function OneClickDecision(decision: DecisionProps) {
  return (
    <DecisionForm
      decision={decision}
      className="shrink-0"
      buttonClassName="inline-flex items-center gap-2 px-5 py-2"
    />
  );
}

/**
 * A decision whose author is told why (reject, remove, hide): the reason, checked in the browser by `schema` before
 * anything is sent, and the button. `formId` is unique on the page (one such form per item).
 */
export function ReasonDecision({
  formId,
  label,
  maxLength,
  schema,
  ...decision
}: DecisionProps & { formId: string; label: string; maxLength: number; schema: Schema }) {
  const [form, fields] = useFetcherForm(schema, decision.fetcher, { id: formId, shouldValidate: "onSubmit" });
  const reason = fields.reason;
  if (!reason) return null;
  return (
    <DecisionForm
      decision={decision}
      formProps={getFormProps(form)}
      className="flex-1"
      buttonClassName="mt-2 inline-flex items-center gap-2 px-5 py-2"
    >
      <label htmlFor={reason.id} className="block font-medium text-sm">
        {label}
      </label>
      <textarea
        {...getTextareaProps(reason)}
        key={reason.key}
        required
        maxLength={maxLength}
        rows={2}
        className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      />
      <FieldError id={reason.errorId} errors={reason.errors} />
    </DecisionForm>
  );
}

/**
 * A new stall's or reel's two decisions: Approve in one press (it goes public), or Reject with the reason its
 * submitter will read. The form posts `approve-<kind>` or `reject-<kind>` with the item's id as `<kind>`.
 */
export function ApproveOrReject({
  fetcher,
  kind,
  id,
  formId,
  reasonLabel,
  subject,
}: {
  fetcher: DecisionProps["fetcher"];
  kind: "stall" | "reel";
  id: string;
  formId: string;
  reasonLabel: string;
  subject: string;
}) {
  return (
    <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
      <OneClickDecision
        fetcher={fetcher}
        look={SUBMISSION_DECISIONS[`approve-${kind}`]}
        fields={{ intent: `approve-${kind}`, [kind]: id }}
        icon={<Check aria-hidden="true" className="size-4" />}
        subject={subject}
      />
      <ReasonDecision
        fetcher={fetcher}
        formId={formId}
        look={SUBMISSION_DECISIONS[`reject-${kind}`]}
        fields={{ intent: `reject-${kind}`, [kind]: id }}
        schema={moderationActionSchema}
        label={reasonLabel}
        maxLength={REJECTION_REASON_MAX}
        icon={<X aria-hidden="true" className="size-4" />}
        subject={subject}
      />
    </div>
  );
}

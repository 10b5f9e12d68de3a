import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/form/field";
import type { FormSchema, Schema } from "~/components/form/form-schema";
import type { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { DecisionButton, type DecisionLook } from "./decision-button";

export interface DecisionProps {
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
}: DecisionProps & { formId: string; label: string; maxLength: number; schema: FormSchema<Schema> }) {
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

import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/form/field";
import type { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { type ModerationAction, moderationActionSchema } from "~/lib/schemas/moderation";
import { DecisionButton } from "./decision-button";

type Intent = ModerationAction["intent"];

interface DecisionProps {
  /** The queue item's fetcher: all of its decisions wait while one is sent. */
  fetcher: ReturnType<typeof useActionFetcher>;
  intent: Intent;
  /** The item decided on, sent as hidden fields: `{ reel: id }`, `{ report: id }`. */
  target: Record<string, string | number>;
  icon: ReactNode;
  /** What the decision is about, read out after the button's label and asked about in a confirmation. */
  subject: string;
}

function TargetFields({ target }: { target: Record<string, string | number> }) {
  return Object.entries(target).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/** A decision in one press (approve, keep, dismiss). */
export function OneClickDecision({ fetcher, intent, target, icon, subject }: DecisionProps) {
  return (
    <fetcher.Form method="post" className="shrink-0">
      <TargetFields target={target} />
      <DecisionButton
        fetcher={fetcher}
        intent={intent}
        icon={icon}
        stallName={subject}
        nameAfterLabel
        className="inline-flex items-center gap-2 px-5 py-2"
      />
    </fetcher.Form>
  );
}

/**
 * A decision whose author is told why (reject, remove, hide): the reason, checked in the browser before anything is
 * sent, and the button. `formId` is unique on the page (one such form per item).
 */
export function ReasonDecision({
  formId,
  label,
  maxLength,
  ...decision
}: DecisionProps & { formId: string; label: string; maxLength: number }) {
  const { fetcher, intent, target, icon, subject } = decision;
  const [form, fields] = useFetcherForm(moderationActionSchema, fetcher, {
    id: formId,
    shouldValidate: "onSubmit",
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex-1">
      {/* The reason's check in the browser reads the intent, so the form carries it rather than the button. */}
      <input type="hidden" name="intent" value={intent} />
      <TargetFields target={target} />
      <label htmlFor={fields.reason.id} className="block font-medium text-sm">
        {label}
      </label>
      <textarea
        {...getTextareaProps(fields.reason)}
        key={fields.reason.key}
        required
        maxLength={maxLength}
        rows={2}
        className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      />
      <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      <DecisionButton
        fetcher={fetcher}
        intent={intent}
        namesIntent={false}
        icon={icon}
        stallName={subject}
        nameAfterLabel
        className="mt-2 inline-flex items-center gap-2 px-5 py-2"
      />
    </fetcher.Form>
  );
}

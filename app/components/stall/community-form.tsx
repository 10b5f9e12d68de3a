import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FormSchema, Schema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { useT } from "~/components/use-t";

/** Where Report Issue and Claim This Stall post (app/routes/stall.$id.community.ts), each with its intent. */
export function communityAction(stallId: string) {
  return `/stall/${encodeURIComponent(stallId)}/community`;
}

type Intent = "report" | "claim";

/** What a Quick Actions dialog gives its form: the stall, and what to do once the form is sent (close). */
export interface CommunityFormProps {
  stallId: string;
  onSent: () => void;
}

/**
 * A Quick Actions form: checked in the browser with the action's schema, then posted with one idempotency key per
 * fill (a double click or a resend stores one report or claim; a sent one starts a new fill). A refusal is toasted
 * as "Could not send the <intent>: ..."; once sent, the form empties and `onSent` runs.
 */
export function useCommunityForm<S extends Schema>(
  { stallId, onSent }: CommunityFormProps,
  intent: Intent,
  schema: FormSchema<S>,
  shouldValidate: "onBlur" | "onSubmit",
) {
  const t = useT();
  const { form, fields, sending } = useOncePerFillForm(schema, {
    id: `${intent}-${stallId}`,
    action: communityAction(stallId),
    shouldValidate,
    failure: (message) =>
      intent === "report"
        ? t("Could not send the report: {message}", { message })
        : t("Could not send the claim: {message}", { message }),
    onSent,
  });
  return { fields, formProps: { form, stallId, intent, sending } };
}

/** The form element of a Quick Actions form (without JavaScript it posts as a page), its fields and its button. */
export function CommunityForm<Schema extends Record<string, unknown>>({
  form,
  stallId,
  intent,
  sending,
  submitLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  stallId: string;
  intent: Intent;
  sending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form {...getFormProps(form)} method="post" action={communityAction(stallId)}>
      <input type="hidden" name="intent" value={intent} />
      <fieldset disabled={sending} className="space-y-4">
        {children}
        <SubmitButton pending={sending} pendingLabel="Sending...">
          {submitLabel}
        </SubmitButton>
      </fieldset>
    </form>
  );
}

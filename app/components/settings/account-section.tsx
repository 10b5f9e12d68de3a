import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "~/components/form/field";
import type { FormSchema, Schema } from "~/components/form/form-schema";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";

/** One section of Settings > Account: a card with its heading, reachable at #<id>. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 rounded-xl border border-border bg-surface p-4 md:p-6"
    >
      <h2 id={`${id}-heading`} className="font-semibold text-lg">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A change to the account posted as `intent` with a fetcher and checked with `schema`: the fields `children` draw
 * from conform's fields, the form's message, what the change does (`note`), then the button.
 */
export function AccountForm<S extends Schema>({
  schema,
  id,
  intent,
  note,
  pendingLabel,
  submitLabel,
  children,
}: {
  schema: FormSchema<S>;
  id: string;
  intent: string;
  note: string;
  pendingLabel: string;
  submitLabel: string;
  children: (fields: ReturnType<typeof useFetcherForm<S>>[1]) => ReactNode;
}) {
  const change = useActionFetcher();
  const [form, fields] = useFetcherForm(schema, change, { id });
  return (
    <change.Form method="post" {...getFormProps(form)} className="max-w-md space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {children(fields)}
      <FieldError id={form.errorId} errors={form.errors} />
      <p className="text-ink-muted text-sm">{note}</p>
      <PendingButton
        type="submit"
        pending={change.state !== "idle"}
        pendingLabel={pendingLabel}
        className={PRIMARY_BUTTON}
      >
        {submitLabel}
      </PendingButton>
    </change.Form>
  );
}

/** A secondary action's button look in these sections. */
export const OUTLINE_BUTTON =
  "inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm disabled:opacity-60";
export const PRIMARY_BUTTON =
  "inline-flex items-center gap-1 rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground text-sm hover:bg-primary-strong disabled:opacity-60";
export const DANGER_BUTTON =
  "inline-flex items-center gap-1 rounded-full border border-closed px-4 py-2 font-semibold text-closed text-sm disabled:opacity-60";

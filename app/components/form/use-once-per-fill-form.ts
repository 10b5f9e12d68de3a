import { useRef } from "react";
import type { FormSchema, Schema } from "~/components/form/form-schema";
import { type ActionFetcherOptions, useActionFetcher } from "~/components/form/use-action-fetcher";
import { type FormOptions, useFetcherForm } from "~/components/form/use-schema-form";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";

/**
 * A form posted with a fetcher to `action`, once per fill: checked in the browser with the action's schema, then sent
 * with one idempotency key per fill, so a double click or a resend after a lost answer stores it once. Once sent, the
 * form empties, the next fill gets a new key and `onSent` runs; a refusal is toasted, worded by `failure`.
 */
export function useOncePerFillForm<S extends Schema>(
  schema: FormSchema<S>,
  {
    action,
    failure,
    onSent,
    ...options
  }: FormOptions<S> & { action: string; failure?: ActionFetcherOptions["failure"]; onSent: () => void },
) {
  const fillKey = useRef<string | null>(null);
  const fetcher = useActionFetcher({
    failure,
    onSuccess: () => {
      fillKey.current = null;
      form.reset();
      onSent();
    },
  });
  const [form, fields] = useFetcherForm(schema, fetcher, {
    shouldValidate: "onSubmit",
    ...options,
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      fillKey.current ??= newIdempotencyKey();
      formData.set(IDEMPOTENCY_FIELD, fillKey.current);
      fetcher.submit(formData, { method: "post", action });
    },
  });
  return { form, fields, sending: fetcher.state !== "idle" };
}

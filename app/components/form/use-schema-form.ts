import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import type { z } from "zod";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";

export type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export type FormOptions<S extends Schema> = Pick<
  Parameters<typeof useForm<z.input<S>, z.output<S>>>[0],
  "id" | "defaultValue" | "shouldValidate" | "shouldRevalidate" | "onSubmit"
>;

/**
 * A conform form checked in the browser with its action's schema (by default on blur, then on every input) that
 * shows `lastResult`, the action's last answer once it is settled; `options` add to or change conform's.
 */
function useSchemaForm<S extends Schema>(
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: FormOptions<S>,
) {
  return useForm<z.input<S>, z.output<S>>({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...options,
  });
}

/** The form of a page that posts to its own action with <Form>, showing the answer once the page has reloaded. */
export function usePageForm<S extends Schema>(
  schema: S,
  lastResult: SubmissionResult<string[]> | undefined,
  options: FormOptions<S> = {},
) {
  const settled = useNavigation().state === "idle";
  return useSchemaForm(schema, settled ? lastResult : null, options);
}

/** A form posted with a fetcher (useActionFetcher), showing the fetcher's answer once it is back. */
export function useFetcherForm<S extends Schema>(
  schema: S,
  fetcher: { state: string; data?: ActionAnswer },
  options: FormOptions<S> = {},
) {
  return useSchemaForm(schema, fetcher.state === "idle" ? fetcher.data?.result : null, options);
}

/**
 * Goes on to `to` once the action's answer says where (a value, not null) and Remix has finished revalidating after
 * it (navigating sooner would abort that), toasting the answer's message first.
 */
export function useGoOnAnswer(
  answer: ActionAnswer | undefined,
  to: string | null,
  options?: { replace?: boolean; state?: unknown },
) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const t = useT();
  const settled = navigation.state === "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not once per new options object.
  useEffect(() => {
    if (to === null || !settled) return;
    if (answer?.message) notify.success(t(answer.message));
    navigate(to, options);
  }, [answer, to, settled, navigate]);
}

import { parse, type SubmissionResult, useForm } from "@conform-to/react";
import { useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { FormSchema, Schema, Validate } from "~/components/form/form-schema";
import { useDrawnByServer } from "~/components/use-hydrated";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";

export type FormOptions<S extends Schema> = Pick<
  Parameters<typeof useForm<z.input<S>, z.output<S>>>[0],
  "id" | "defaultValue" | "shouldValidate" | "shouldRevalidate" | "onSubmit"
>;

// What starts the download of a form's checks: a pointer over it, a press in it, or focus inside it (ADR 056).
const INTENT_EVENTS = ["pointerenter", "pointerdown", "focusin"] as const;

/**
 * A conform form checked in the browser with its action's schema (by default on blur, then on every input) that
 * shows `lastResult`, the action's last answer once it is settled; `options` add to or change conform's.
 * Until the checks have loaded, a submit goes to the action unchecked (the action checks it with the same schema and
 * answers with the same messages), and nothing is checked on blur or input.
 */
function useSchemaForm<S extends Schema>(
  schema: FormSchema<S>,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: FormOptions<S>,
) {
  // Kept with the schema it checks: a page that swaps schemas (sign in, sign up) loads the other's checks too.
  const [loaded, setLoaded] = useState<{ schema: FormSchema<S>; validate: Validate<S> } | null>(null);
  const validate = loaded?.schema === schema ? loaded.validate : null;
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    lastResult,
    constraint: schema.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => (validate ?? unchecked)(formData),
    ...options,
    ...(validate ? {} : { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" }),
  });
  const answered = Boolean(lastResult);
  // A form drawn after the page hydrated (a dialog, an editor, a page reached by a link) is what someone is about to
  // fill: its checks load at once. Only a form of the page's first HTML waits for a sign of use.
  const drawnLate = !useDrawnByServer();
  // A failed download (offline, or a deploy since the page came) waits for the next sign of use to try again.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (validate) return undefined;
    const start = () =>
      void schema.loadValidate().then(
        (checks) => setLoaded({ schema, validate: checks }),
        () => setFailures((count) => count + 1),
      );
    const element = document.getElementById(form.id);
    // Drawn late, an answer to show, focus already inside (autofocus), or a form drawn elsewhere: no reason to wait,
    // unless a download has failed already.
    const now = !element || drawnLate || answered || element.contains(document.activeElement);
    if (failures === 0 && now) {
      start();
      return undefined;
    }
    if (!element) return undefined;
    const startOnce = () => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, startOnce);
      start();
    };
    for (const type of INTENT_EVENTS) element.addEventListener(type, startOnce);
    return () => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, startOnce);
    };
  }, [validate, schema, form.id, answered, drawnLate, failures]);

  // Fields left before the checks arrived are checked as they arrive, as leaving them would have been.
  const leftEarly = useRef(new Set<string>());
  const checksOnBlur = (options.shouldValidate ?? "onBlur") === "onBlur";
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (validate || !checksOnBlur || !element) return undefined;
    const noteLeft = (event: FocusEvent) => {
      const name = (event.target as Partial<HTMLInputElement> | null)?.name;
      if (name) leftEarly.current.add(name);
    };
    // A submit hands every field to the action, whose answer (perhaps an emptied form) is what to show.
    const forget = () => leftEarly.current.clear();
    element.addEventListener("focusout", noteLeft);
    element.addEventListener("submit", forget);
    return () => {
      element.removeEventListener("focusout", noteLeft);
      element.removeEventListener("submit", forget);
    };
  }, [validate, checksOnBlur, form.id]);
  useEffect(() => {
    if (!validate) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [validate, form]);
  return [form, fields] as const;
}

/** A submission that lets the form go to its action as it is, conform's list and update intents still applied. */
function unchecked<S extends Schema>(formData: FormData) {
  return parse(formData, { resolve: (value) => ({ value }) }) as ReturnType<Validate<S>>;
}

/** The form of a page that posts to its own action with <Form>, showing the answer once the page has reloaded. */
export function usePageForm<S extends Schema>(
  schema: FormSchema<S>,
  lastResult: SubmissionResult<string[]> | undefined,
  options: FormOptions<S> = {},
) {
  const settled = useNavigation().state === "idle";
  return useSchemaForm(schema, settled ? lastResult : null, options);
}

/** A form posted with a fetcher (useActionFetcher), showing the fetcher's answer once it is back. */
export function useFetcherForm<S extends Schema>(
  schema: FormSchema<S>,
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

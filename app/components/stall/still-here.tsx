import { CircleCheck, MapPinned, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSignedIn } from "~/components/community/sign-in-gate";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { TitledSection } from "~/components/layout/titled-section";
import { SignInSentence, signInSlot } from "~/components/sign-in-sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";
import { msg } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/rules/time-format";
import type { ConfirmationAnswer } from "~/lib/schemas/community";

/** What the stall page knows about a stall's freshness, and the reader's own latest answer. */
export interface StallFreshness {
  last_confirmed_at: string | null;
  my_answer: ConfirmationAnswer | null;
  next_answer_at: string | null;
}

const ANSWERS = [
  { value: "still_here", label: msg("Yes"), icon: CircleCheck },
  { value: "moved", label: msg("Moved"), icon: MapPinned },
  { value: "closed", label: msg("Closed for good"), icon: Store },
] as const satisfies readonly { value: ConfirmationAnswer; label: string; icon: unknown }[];

const labelOf = (answer: ConfirmationAnswer) => ANSWERS.find((a) => a.value === answer)?.label ?? answer;

/** The URL the answers post to (app/routes/stall.$id.still-here.ts). */
export const stillHerePath = (stallId: string) => `/stall/${encodeURIComponent(stallId)}/still-here`;

/**
 * 'Still here?': when the stall was last confirmed, and for signed-in readers Yes / Moved / Closed for good, one
 * answer per CONFIRMATION_WINDOW_DAYS: after answering, the buttons wait, saying until when.
 */
export function StillHere({
  stallId,
  freshness,
  emailConfirmed,
}: {
  stallId: string;
  freshness: StallFreshness;
  /** Answers need a confirmed e-mail address, as every contribution does. */
  emailConfirmed: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const signedIn = useSignedIn();
  // One key per answer given (made at its first send, so server and browser render the same form), so an answer sent
  // again (queued offline after its reply was lost) counts once.
  const key = useRef<string | null>(null);
  const fetcher = useActionFetcher({
    toastId: `still-here-${stallId}`,
    onSuccess: () => {
      key.current = null;
    },
  });
  // The answer sent last, kept while it waits in the offline queue: the page is not reloaded then.
  const [queued, setQueued] = useState<ConfirmationAnswer | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const lastSent = useRef<ConfirmationAnswer | null>(null);
  useEffect(() => {
    if (answer?.queued) setQueued(lastSent.current);
  }, [answer]);
  const sending = fetcher.formData?.get("answer");
  const mine =
    typeof sending === "string" ? (sending as ConfirmationAnswer) : (queued ?? freshness.my_answer);
  const waitUntil =
    typeof sending === "string" || queued
      ? null
      : freshness.next_answer_at && new Date(freshness.next_answer_at) > new Date()
        ? freshness.next_answer_at
        : null;
  const locked = typeof sending === "string" || queued !== null || (mine !== null && waitUntil !== null);
  return (
    <TitledSection id="still-here" title={t("Still here?")} look="panel">
      <p className="mt-1 text-ink-muted text-sm">
        {freshness.last_confirmed_at ? (
          <time dateTime={freshness.last_confirmed_at}>
            {t("Last confirmed {date}", { date: formatDay(freshness.last_confirmed_at, locale) })}
          </time>
        ) : (
          t("Nobody has confirmed this stall yet.")
        )}
      </p>
      {signedIn && !emailConfirmed ? (
        <p className="mt-3 text-sm">{t("Confirm your e-mail address first")}</p>
      ) : signedIn ? (
        <fetcher.Form
          method="post"
          action={stillHerePath(stallId)}
          className="mt-3"
          onSubmit={(event) => {
            const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            lastSent.current = (button?.value as ConfirmationAnswer | undefined) ?? null;
            key.current ??= newIdempotencyKey();
            const field = event.currentTarget.elements.namedItem(IDEMPOTENCY_FIELD) as HTMLInputElement;
            field.value = key.current;
          }}
        >
          <input type="hidden" name={IDEMPOTENCY_FIELD} />
          <fieldset disabled={locked} aria-describedby={locked ? "still-here-note" : undefined}>
            <legend className="text-sm">{t("Is this stall still at this place?")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {ANSWERS.map(({ value, label, icon: Icon }) => (
                <button
                  key={value}
                  type="submit"
                  name="answer"
                  value={value}
                  aria-pressed={mine === value}
                  className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 font-semibold text-sm disabled:cursor-not-allowed ${
                    mine === value
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border hover:border-primary disabled:opacity-60"
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4" /> {t(label)}
                </button>
              ))}
            </div>
          </fieldset>
          {locked && mine ? (
            <p id="still-here-note" role="status" className="mt-2 text-ink-muted text-sm">
              {waitUntil
                ? t("You answered “{answer}”. You can answer again on {date}.", {
                    answer: t(labelOf(mine)),
                    date: formatDay(waitUntil, locale),
                  })
                : queued
                  ? t("Offline: changes will sync")
                  : t("Sending your answer...")}
            </p>
          ) : null}
        </fetcher.Form>
      ) : (
        <SignInSentence
          sentence={t("{signIn} to tell others whether this stall is still here.", signInSlot)}
          className="mt-3 text-sm"
        />
      )}
    </TitledSection>
  );
}

import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";
import type { Sender } from "~/models/user.server";

/**
 * A queue item's frame, the same for every tab: the article (named for screen readers by `label`), what it is about
 * (`children`), and the moderator's decisions below.
 */
export function QueueCard({
  label,
  decisions,
  children,
}: {
  label: string;
  decisions: ReactNode;
  children: ReactNode;
}) {
  return (
    <article aria-label={label} className="rounded-xl border border-border bg-surface p-4 text-sm">
      {children}
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">{decisions}</div>
    </article>
  );
}

/** A report's or a claim's stall, a link to its page, with a badge after it. */
export function StallLine({ stall, badge }: { stall: { id: string; name: string }; badge: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2">
      <Link to={`/stall/${stall.id}`} className="font-bold text-base hover:underline">
        {stall.name}
      </Link>
      {badge}
    </p>
  );
}

/** Who sent a report or a claim, and when, as `sent` says it ({when}, {name}, {email}). */
export function SentBy({ sent, when, sender }: { sent: string; when: number; sender: Sender }) {
  const locale = useLocale();
  const t = useT();
  return (
    <p className="mt-2 text-ink-muted">
      {t(sent, { when: formatMoment(when, locale), name: sender.name ?? t("Unnamed"), email: sender.email })}
    </p>
  );
}

/** Who submitted a new stall or reel, and when; a submitter whose account is gone is said so. */
export function SubmittedBy({
  when,
  submitter,
}: {
  when: number;
  submitter: { name: string | null; email: string } | null;
}) {
  const locale = useLocale();
  const t = useT();
  const submitted = formatMoment(when, locale);
  return submitter ? (
    <Sentence
      text={t("Submitted {when} by {submitter}", { when: submitted, submitter: slot("submitter") })}
      parts={{
        submitter: (
          <span className="font-semibold text-ink">
            {submitter.name ?? t("Unnamed")} ({submitter.email})
          </span>
        ),
      }}
    />
  ) : (
    t("Submitted {when} by an account that no longer exists", { when: submitted })
  );
}

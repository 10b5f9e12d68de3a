import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { formatMoment } from "~/lib/rules/time-format";
import type { ModerationAction } from "~/lib/schemas/moderation";
import type { Sender } from "~/models/user.server";
import { DecisionButton } from "./decision-button";

/** A kind's article name ({stall}) and its sender line ({when}, {name}, {email}). */
const KINDS = {
  report: { label: msg("Report on {stall}"), sent: msg("Reported {when} by {name} ({email})") },
  claim: { label: msg("Claim on {stall}"), sent: msg("Claimed {when} by {name} ({email})") },
} as const;

/**
 * A report or a claim on a stall in the moderation queue: the stall with a badge, what was sent (`children`), who
 * sent it and when, and the moderator's decisions, posted to the queue page's action with the item's id.
 */
export function QueueItem({
  kind,
  item: { id, stall, created_at },
  sender,
  badge,
  decisions,
  children,
}: {
  kind: keyof typeof KINDS;
  item: { id: number; stall: { id: string; name: string }; created_at: number };
  sender: Sender;
  badge: ReactNode;
  decisions: ModerationAction["intent"][];
  children: ReactNode;
}) {
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const t = useT();
  const { label, sent } = KINDS[kind];
  return (
    <article
      aria-label={t(label, { stall: stall.name })}
      className="rounded-xl border border-border bg-surface p-4 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/stall/${stall.id}`} className="font-bold text-base hover:underline">
          {stall.name}
        </Link>
        {badge}
      </p>
      {children}
      <p className="mt-2 text-ink-muted">
        {t(sent, {
          when: formatMoment(created_at, locale),
          name: sender.name ?? t("Unnamed"),
          email: sender.email,
        })}
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name={kind} value={id} />
        {decisions.map((intent) => (
          <DecisionButton
            key={intent}
            fetcher={fetcher}
            intent={intent}
            stallName={stall.name}
            className="px-4 py-1.5"
          />
        ))}
      </fetcher.Form>
    </article>
  );
}

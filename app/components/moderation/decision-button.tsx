import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { ModerationAction } from "~/lib/schemas/moderation";

type Intent = ModerationAction["intent"];

const TONES = {
  approve: "bg-green-700 text-white",
  reject: "border border-closed text-closed",
  neutral: "border border-border",
} as const;

interface Decision {
  label: string;
  pendingLabel: string;
  tone: keyof typeof TONES;
  /** Asked first, for a decision that cannot be undone ({stallName}). */
  confirm?: string;
}

/** Every decision of the moderation queue: its button's text, its text while it is sent, and its colour. */
const DECISIONS: Record<Intent, Decision> = {
  "approve-stall": { label: msg("Approve"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-stall": { label: msg("Reject"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "resolve-report": { label: msg("Resolve"), pendingLabel: msg("Resolving..."), tone: "neutral" },
  "remove-stall": {
    label: msg("Remove stall"),
    pendingLabel: msg("Removing..."),
    tone: "reject",
    confirm: msg('Remove "{stallName}" and its photos for good?'),
  },
  "approve-claim": { label: msg("Approve claim"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-claim": { label: msg("Reject claim"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "hide-post": { label: msg("Hide post"), pendingLabel: msg("Hiding..."), tone: "reject" },
  "hide-comment": { label: msg("Hide comment"), pendingLabel: msg("Hiding..."), tone: "reject" },
  "dismiss-post-reports": { label: msg("Dismiss"), pendingLabel: msg("Dismissing..."), tone: "neutral" },
  "hide-trail": { label: msg("Hide trail"), pendingLabel: msg("Hiding..."), tone: "reject" },
  "keep-trail": { label: msg("Keep"), pendingLabel: msg("Keeping..."), tone: "neutral" },
  "approve-reel": { label: msg("Approve"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-reel": { label: msg("Reject"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "remove-reel": {
    label: msg("Remove reel"),
    pendingLabel: msg("Removing..."),
    tone: "reject",
    confirm: msg('Remove this reel of "{stallName}" for good?'),
  },
  "keep-reel": { label: msg("Keep"), pendingLabel: msg("Keeping..."), tone: "neutral" },
};

/**
 * A moderator's decision on a queue item, sent with the item's fetcher. The button names its intent, unless its form
 * carries the intent itself (a form checked in the browser first). While any post of the item runs, all its buttons
 * wait, and the one sent says what it is doing. `className` sizes it; `stallName` is asked about in a confirmation,
 * and read out after the label where `nameAfterLabel` (the page shows several stalls' buttons).
 */
export function DecisionButton({
  fetcher,
  intent,
  namesIntent = true,
  icon,
  stallName,
  nameAfterLabel = false,
  className,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: Intent;
  namesIntent?: boolean;
  icon?: ReactNode;
  stallName: string;
  nameAfterLabel?: boolean;
  className: string;
}) {
  const t = useT();
  const busy = fetcher.state !== "idle";
  const { label, pendingLabel, tone, confirm } = DECISIONS[intent];
  const name = nameAfterLabel ? <span className="sr-only"> {stallName}</span> : null;
  return (
    <PendingButton
      type="submit"
      {...(namesIntent ? { name: "intent", value: intent } : {})}
      disabled={busy}
      pending={busy && fetcher.formData?.get("intent") === intent}
      pendingLabel={
        <>
          {t(pendingLabel)}
          {name}
        </>
      }
      icon={icon}
      onClick={(event) => {
        if (confirm && !window.confirm(t(confirm, { stallName }))) event.preventDefault();
      }}
      className={`${className} rounded-full font-semibold disabled:opacity-60 ${TONES[tone]}`}
    >
      {t(label)}
      {name}
    </PendingButton>
  );
}

import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

const TONES = {
  approve: "bg-green-700 text-white",
  reject: "border border-closed text-closed",
  neutral: "border border-border",
} as const;

/** How a decision's button reads: its text, its text while it is sent, and its colour. */
export interface DecisionLook {
  label: string;
  pendingLabel: string;
  tone: keyof typeof TONES;
  /** Asked first, for a decision that cannot be undone ({stallName}). */
  confirm?: string;
}

/** The submissions' decisions (new stalls, claims, new reels); reports' decisions look as their subject's view says. */
export const SUBMISSION_DECISIONS = {
  "approve-stall": { label: msg("Approve"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-stall": { label: msg("Reject"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "approve-claim": { label: msg("Approve claim"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-claim": { label: msg("Reject claim"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "approve-reel": { label: msg("Approve"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-reel": { label: msg("Reject"), pendingLabel: msg("Rejecting..."), tone: "reject" },
  "approve-post": { label: msg("Approve"), pendingLabel: msg("Approving..."), tone: "approve" },
  "reject-post": { label: msg("Reject"), pendingLabel: msg("Rejecting..."), tone: "reject" },
} as const satisfies Record<string, DecisionLook>;

/**
 * A moderator's decision on a queue item, sent with the item's fetcher. While any post of the item runs, all its
 * buttons wait, and the one sent (its form's `sends` fields match the post) says what it is doing. `className` sizes
 * it; `subject` is asked about in a confirmation, and read out after the label (the page shows several items'
 * buttons).
 */
export function DecisionButton({
  fetcher,
  look,
  sends,
  icon,
  subject,
  className,
}: {
  fetcher: FetcherWithComponents<unknown>;
  look: DecisionLook;
  sends: Record<string, string | number>;
  icon?: ReactNode;
  subject: string;
  className: string;
}) {
  const t = useT();
  const busy = fetcher.state !== "idle";
  const sent =
    busy && Object.entries(sends).every(([name, value]) => fetcher.formData?.get(name) === String(value));
  const { label, pendingLabel, tone, confirm } = look;
  const name = <span className="sr-only"> {subject}</span>;
  return (
    <PendingButton
      type="submit"
      disabled={busy}
      pending={sent}
      pendingLabel={
        <>
          {t(pendingLabel)}
          {name}
        </>
      }
      icon={icon}
      onClick={(event) => {
        if (confirm && !window.confirm(t(confirm, { stallName: subject }))) event.preventDefault();
      }}
      className={`${className} rounded-full font-semibold disabled:opacity-60 ${TONES[tone]}`}
    >
      {t(label)}
      {name}
    </PendingButton>
  );
}

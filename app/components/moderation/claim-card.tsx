import { Check, X } from "lucide-react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { PendingClaim } from "~/models/claim.server";
import { SUBMISSION_DECISIONS } from "./decision-button";
import { OneClickDecision } from "./decision-forms";
import { QueueCard, SentBy, StallLine } from "./queue-item";

/** A claim on a stall: who asks, their phone and why, then Approve claim or Reject claim. */
export function ClaimCard({ claim }: { claim: PendingClaim }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const decide = (intent: "approve-claim" | "reject-claim", icon: React.ReactNode) => (
    <OneClickDecision
      fetcher={fetcher}
      look={SUBMISSION_DECISIONS[intent]}
      fields={{ intent, claim: claim.id }}
      icon={icon}
      subject={claim.stall.name}
    />
  );
  return (
    <QueueCard
      label={t("Claim on {stall}", { stall: claim.stall.name })}
      decisions={
        <>
          {decide("approve-claim", <Check aria-hidden="true" className="size-4" />)}
          {decide("reject-claim", <X aria-hidden="true" className="size-4" />)}
        </>
      }
    >
      <StallLine
        stall={claim.stall}
        badge={
          claim.stall.is_verified ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
              {t("Already verified")}
            </span>
          ) : null
        }
      />
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">{t("Name")}</dt>
        <dd>{claim.name}</dd>
        <dt className="font-semibold">{t("Phone")}</dt>
        <dd>{claim.phone}</dd>
        <dt className="font-semibold">{t("Reason")}</dt>
        <dd className="whitespace-pre-line">{claim.reason}</dd>
      </dl>
      <SentBy
        sent={msg("Claimed {when} by {name} ({email})")}
        when={claim.created_at}
        sender={claim.claimant}
      />
    </QueueCard>
  );
}

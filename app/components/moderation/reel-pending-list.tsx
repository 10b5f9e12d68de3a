import { Check, X } from "lucide-react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ItemList } from "~/components/layout/item-list";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";
import { moderationActionSchema, REJECTION_REASON_MAX } from "~/lib/schemas/moderation";
import type { PendingReel } from "~/models/reel/reel.server";
import { SUBMISSION_DECISIONS } from "./decision-button";
import { OneClickDecision, ReasonDecision } from "./decision-forms";
import { ReelDetails } from "./reel-details";

/** The moderation queue's "Pending reels" tab: new reels, oldest first, none public until approved. */
export function PendingReelList({ items, empty }: { items: PendingReel[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(reel) => <PendingReelCard reel={reel} />}
    </ItemList>
  );
}

/**
 * One reel waiting for review: the video and its details, then Approve (it goes public) or Reject with the reason
 * its author will read (it is deleted).
 */
function PendingReelCard({ reel }: { reel: PendingReel }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const headingId = `pending-reel-${reel.id}`;
  const submitted = formatMoment(reel.created_at, locale);
  const name = reel.stall.name;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
      <h3 id={headingId} className="font-bold text-lg">
        {t("Reel of {name}", { name })}
      </h3>
      <ReelDetails
        reel={reel}
        byline={
          reel.author ? (
            <Sentence
              text={t("Submitted {when} by {submitter}", { when: submitted, submitter: slot("submitter") })}
              parts={{
                submitter: (
                  <span className="font-semibold text-ink">
                    {reel.author.name ?? t("Unnamed")} ({reel.author.email})
                  </span>
                ),
              }}
            />
          ) : (
            t("Submitted {when} by an account that no longer exists", { when: submitted })
          )
        }
      />
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <OneClickDecision
          fetcher={fetcher}
          look={SUBMISSION_DECISIONS["approve-reel"]}
          fields={{ intent: "approve-reel", reel: reel.id }}
          icon={<Check aria-hidden="true" className="size-4" />}
          subject={name}
        />
        <ReasonDecision
          fetcher={fetcher}
          formId={`reject-reel-${reel.id}`}
          look={SUBMISSION_DECISIONS["reject-reel"]}
          fields={{ intent: "reject-reel", reel: reel.id }}
          schema={moderationActionSchema}
          label={t("Reason for rejection (shown to the author)")}
          maxLength={REJECTION_REASON_MAX}
          icon={<X aria-hidden="true" className="size-4" />}
          subject={name}
        />
      </div>
    </article>
  );
}

import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { PendingReel } from "~/models/reel/reel.server";
import { ApproveOrReject } from "./approve-or-reject";
import { SubmittedBy } from "./queue-item";
import { ReelDetails } from "./reel-details";

/**
 * One reel of the "Pending reels" tab (none is public until approved): the video and its details, then Approve (it
 * goes public) or Reject with the reason its author will read (it is deleted).
 */
export function PendingReelCard({ reel }: { reel: PendingReel }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const headingId = `pending-reel-${reel.id}`;
  const name = reel.stall.name;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
      <h3 id={headingId} className="font-bold text-lg">
        {t("Reel of {name}", { name })}
      </h3>
      <ReelDetails reel={reel} byline={<SubmittedBy when={reel.created_at} submitter={reel.author} />} />
      <ApproveOrReject
        fetcher={fetcher}
        kind="reel"
        id={reel.id}
        formId={`reject-reel-${reel.id}`}
        reasonLabel={t("Reason for rejection (shown to the author)")}
        subject={name}
      />
    </article>
  );
}

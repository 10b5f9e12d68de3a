import { ItemList } from "~/components/layout/item-list";
import { useT } from "~/components/use-t";
import type { PendingClaim } from "~/models/claim.server";
import { QueueItem } from "./queue-item";

export function ClaimList({ claims, empty }: { claims: PendingClaim[]; empty: string }) {
  const t = useT();
  return (
    <ItemList items={claims} empty={empty} ordered className="mt-3 space-y-3">
      {(claim) => (
        <QueueItem
          kind="claim"
          item={claim}
          sender={claim.claimant}
          badge={
            claim.stall.is_verified ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
                {t("Already verified")}
              </span>
            ) : null
          }
          decisions={["approve-claim", "reject-claim"]}
        >
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold">{t("Name")}</dt>
            <dd>{claim.name}</dd>
            <dt className="font-semibold">{t("Phone")}</dt>
            <dd>{claim.phone}</dd>
            <dt className="font-semibold">{t("Reason")}</dt>
            <dd className="whitespace-pre-line">{claim.reason}</dd>
          </dl>
        </QueueItem>
      )}
    </ItemList>
  );
}

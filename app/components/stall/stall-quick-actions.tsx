import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { CommunityDialogs } from "~/components/stall/community-dialog";
import { useT } from "~/components/use-t";

/** The stall page's Quick Actions: Report Issue and Claim This Stall, or why a member must confirm their address
 * first. */
export function StallQuickActions({
  stallId,
  stallName,
  askToConfirm,
}: {
  stallId: string;
  stallName: string;
  /** Signed in with an address not yet confirmed. */
  askToConfirm: boolean;
}) {
  const t = useT();
  return (
    <section aria-labelledby="quick-actions" className="rounded-xl border border-border bg-surface p-5">
      <h2 id="quick-actions" className="font-bold text-xl">
        {t("Quick Actions")}
      </h2>
      {askToConfirm ? (
        <ConfirmEmailNotice title={t("Confirm your e-mail address first")} className="mt-3">
          {t("To claim this stall or report an issue, open the confirmation link we sent to your inbox.")}
        </ConfirmEmailNotice>
      ) : (
        <CommunityDialogs stallId={stallId} stallName={stallName} />
      )}
    </section>
  );
}

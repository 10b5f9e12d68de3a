import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { TitledSection } from "~/components/layout/titled-section";
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
    <TitledSection id="quick-actions" title={t("Quick Actions")} look="panel">
      {askToConfirm ? (
        <ConfirmEmailNotice title={t("Confirm your e-mail address first")} className="mt-3">
          {t("To claim this stall or report an issue, open the confirmation link we sent to your inbox.")}
        </ConfirmEmailNotice>
      ) : (
        <CommunityDialogs stallId={stallId} stallName={stallName} />
      )}
    </TitledSection>
  );
}

import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { CommunityDialogs } from "~/components/stall/community-dialog";
import { StallPanel } from "~/components/stall/stall-panel";
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
    <StallPanel id="quick-actions" title={t("Quick Actions")}>
      {askToConfirm ? (
        <ConfirmEmailNotice title={t("Confirm your e-mail address first")} className="mt-3">
          {t("To claim this stall or report an issue, open the confirmation link we sent to your inbox.")}
        </ConfirmEmailNotice>
      ) : (
        <CommunityDialogs stallId={stallId} stallName={stallName} />
      )}
    </StallPanel>
  );
}

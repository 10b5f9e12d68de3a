import { Link } from "@remix-run/react";
import { PageShell } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Your account was deleted.")), noindex: true }));

/** Where deleting an account from Settings > Your data ends: the person, now signed out, is told it worked. */
export default function AccountDeletedPage() {
  const t = useT();
  return (
    <PageShell
      title={t("Your account was deleted.")}
      subtitle={t("We sent a last e-mail to confirm. Thank you for being part of Nukkad.")}
    >
      <Link to="/" className="font-semibold text-primary-strong underline">
        {t("Go to the home page")}
      </Link>
    </PageShell>
  );
}

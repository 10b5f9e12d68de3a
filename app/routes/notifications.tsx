import type { MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Notifications")) }];
};

export default function NotificationsPage() {
  const t = useT();
  return (
    <PageShell title={t("Notifications")}>
      <p className="text-ink-muted">{t("You're all caught up!")}</p>
    </PageShell>
  );
}

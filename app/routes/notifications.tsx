import type { MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";

export const meta: MetaFunction = () => [{ title: "Notifications · Nukkad" }];

export default function NotificationsPage() {
  const t = useT();
  return (
    <PageShell title={t("Notifications")}>
      <p className="text-ink-muted">{t("You're all caught up!")}</p>
    </PageShell>
  );
}

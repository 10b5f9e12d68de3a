import type { MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Notifications · Nukkad" }];

export default function NotificationsPage() {
  return (
    <PageShell title="Notifications">
      <p className="text-ink-muted">You're all caught up!</p>
    </PageShell>
  );
}

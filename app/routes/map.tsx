import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";

export const meta: MetaFunction = () => [{ title: "Map tools · Nukkad" }];

export default function MapPage() {
  const t = useT();
  return (
    <PageShell title={t("Map tools")}>
      <p className="text-ink-muted">{t("The map tools are being built. Stalls on a map are on Discover.")}</p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        {t("Discover stalls")}
      </Link>
    </PageShell>
  );
}

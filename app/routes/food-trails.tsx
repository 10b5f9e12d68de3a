import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";

export const meta: MetaFunction = () => [{ title: "Food Trails · Nukkad" }];

export default function FoodTrailsPage() {
  const t = useT();
  return (
    <PageShell title={t("Food Trails")} subtitle={t("Curated routes through several stalls")}>
      <p className="text-ink-muted">
        {t("Food Trails are being built: routes through three or more stalls, random or hand-picked.")}
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        {t("Discover stalls")}
      </Link>
    </PageShell>
  );
}

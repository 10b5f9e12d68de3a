import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";

export const meta: MetaFunction = () => [{ title: "Reels · Nukkad" }];

export default function ReelsPage() {
  const t = useT();
  return (
    <PageShell title={t("Reels")}>
      <p className="text-ink-muted">
        {t("Short videos of stalls are not available yet. Browse the stalls people have found on Discover.")}
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        {t("Discover stalls")}
      </Link>
    </PageShell>
  );
}

import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Reels")) }];
};

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

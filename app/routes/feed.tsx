import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Community Feed")) }];
};

export default function FeedPage() {
  const t = useT();
  return (
    <PageShell title={t("Community Feed")}>
      <p className="text-ink-muted">
        {t(
          "Posts from the Nukkad community will appear here. Until the feed opens, the stalls people have shared are on Discover.",
        )}
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        {t("Discover stalls")}
      </Link>
    </PageShell>
  );
}

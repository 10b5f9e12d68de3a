import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { FaqList } from "~/components/faq-list";
import { Sentence, slot } from "~/components/sentence";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { FAQ } from "~/lib/rules/faq";

export const loader = () => ({ faq: FAQ });

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Help Center")) }];
};

export default function HelpPage() {
  const { faq } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell title={t("Help Center")} subtitle={t("Answers to the questions people ask us most")}>
      <FaqList items={faq} />
      <p className="mt-6 text-ink-muted">
        <Sentence
          text={t("Still stuck? {contact} and we reply within 24 hours.", { contact: slot("contact") })}
          parts={{
            contact: (
              <Link to="/contact" className="font-semibold text-primary-strong underline">
                {t("Contact us")}
              </Link>
            ),
          }}
        />
      </p>
    </PageShell>
  );
}

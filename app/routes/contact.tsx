import type { MetaFunction } from "@remix-run/react";
import { Sentence, slot } from "~/components/sentence";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { SUPPORT_EMAIL } from "~/lib/rules/faq";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Contact Us")) }];
};

export default function ContactPage() {
  const t = useT();
  return (
    <PageShell
      title={t("Contact Us")}
      subtitle={t("Questions, corrections, a stall that moved: we read everything")}
    >
      <p>
        <Sentence
          text={t("Write to {email}. We reply within 24 hours.", { email: slot("email") })}
          parts={{
            email: (
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-primary-strong underline">
                {SUPPORT_EMAIL}
              </a>
            ),
          }}
        />
      </p>
    </PageShell>
  );
}

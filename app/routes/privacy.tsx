import type { MetaFunction } from "@remix-run/react";
import { Sentence, slot } from "~/components/sentence";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { SUPPORT_EMAIL } from "~/lib/rules/faq";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Privacy Policy and Terms")) }];
};

export default function PrivacyPage() {
  const t = useT();
  return (
    <PageShell title={t("Privacy Policy")} subtitle={t("What Nukkad keeps about you, and why")}>
      <div className="space-y-4 leading-relaxed">
        <p>
          {t(
            "Nukkad keeps the least it needs to run: your e-mail address and a salted hash of your password, the profile details you choose to fill in, the stalls, photos and notes you add, and the stalls you bookmark. We never sell or share this with advertisers.",
          )}
        </p>
        <p>
          {t(
            "Your location is used in your browser to show stalls near you. It is sent to Nukkad only with the request for nearby stalls and is not stored unless you save it to your profile.",
          )}
        </p>
        <p>
          {t(
            "Addresses are looked up through OpenStreetMap's Nominatim service by Nukkad's server, so your device does not contact it directly. Map tiles are loaded from OpenStreetMap.",
          )}
        </p>
        <p>
          <Sentence
            text={t("To delete your account and everything you added, write to {email}.", {
              email: slot("email"),
            })}
            parts={{
              email: (
                <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-primary-strong underline">
                  {SUPPORT_EMAIL}
                </a>
              ),
            }}
          />
        </p>
        <h2 id="terms" className="pt-4 font-bold text-xl">
          {t("Terms of Service")}
        </h2>
        <p>
          {t(
            "Add only stalls that exist and photos you took, of food rather than people. Contributions are reviewed and may be edited or removed. Nukkad is provided as is; check a stall's hours before you travel.",
          )}
        </p>
      </div>
    </PageShell>
  );
}

import { PageShell } from "~/components/layout/page-shell";
import { LinkedSection, SupportEmailLink } from "~/components/page/legal";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Terms of Service")) }));

// Each rule is one the app applies: moderation (ADR 010), reports and hidden content, account deletion (ADR 021).
const SECTIONS = [
  {
    id: "what",
    title: msg("Using Nukkad"),
    text: msg(
      "Nukkad is a free community map of street-food stalls in Indian cities. Anyone may browse it; an account lets you add stalls, review, bookmark, post and make Food Trails. You must be at least 13 years old to have an account, and each account is for one person.",
    ),
  },
  {
    id: "contributions",
    title: msg("What you add"),
    text: msg(
      "Add only stalls that exist, and photos you took yourself, of food and stalls rather than people. You keep the rights to what you add and let Nukkad show, resize and share it within the app and its exports for as long as it is on Nukkad. Every new stall waits for a moderator, and contributions may be edited or removed.",
    ),
  },
  {
    id: "community",
    title: msg("Community rules"),
    text: msg(
      "Be kind and honest in reviews, posts and comments. No harassment, hate, spam, advertising posing as a review, or other people's private details. Reports reach our moderators, who may hide a post, comment, review or trail with a reason its author can see, and may close an account that keeps breaking these rules.",
    ),
  },
  {
    id: "your-account",
    title: msg("Your account"),
    text: msg(
      "Keep your password to yourself. You can download everything you added and delete your account at any time in Settings; what happens to your data then is in the Privacy Policy.",
    ),
  },
  {
    id: "no-warranty",
    title: msg("No guarantees"),
    text: msg(
      "Stall details come from the community and change often. Nukkad is provided as is: check a stall's hours before you travel, and judge for yourself what you eat. Nukkad is not responsible for the stalls, their food or their prices.",
    ),
  },
] as const;

export default function TermsPage() {
  const t = useT();
  return (
    <PageShell title={t("Terms of Service")} subtitle={t("The rules for using Nukkad")}>
      <div className="space-y-4 leading-relaxed">
        {SECTIONS.map((section) => (
          <LinkedSection key={section.id} id={section.id} title={t(section.title)}>
            <p>{t(section.text)}</p>
          </LinkedSection>
        ))}
        <LinkedSection id="changes" title={t("Changes to these terms")}>
          <p>
            <Sentence
              text={t(
                "If these terms change in a way that matters, we will say so in the app before the change applies. Questions about them go to {email}.",
                { email: slot("email") },
              )}
              parts={{ email: <SupportEmailLink /> }}
            />
          </p>
        </LinkedSection>
      </div>
    </PageShell>
  );
}

import { Link } from "@remix-run/react";
import { PageShell } from "~/components/layout/page-shell";
import { LinkedSection, SupportEmailLink } from "~/components/page/legal";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Privacy Policy")) }));

// Each fact below is what the code does: the retention periods are those of the session, upload, rate-limit and
// idempotency rules (app/models), the cookies those of app/lib/http and app/lib/i18n.

/** What is stored, one line per kind of data. */
const STORED = [
  {
    name: msg("Account"),
    what: msg(
      "Your e-mail address, a salted argon2id hash of your password (never the password itself), when you confirmed the address, and the Google or GitHub account you signed in with, if any.",
    ),
  },
  {
    name: msg("Profile"),
    what: msg(
      "Your name and username, and what you choose to add: a photo, bio, area, phone number, birth date, gender, food preferences and a map position, plus your settings (language, units, default city, who sees your profile and who may mention you).",
    ),
  },
  {
    name: msg("Sessions"),
    what: msg(
      "For each device you are signed in on: when it signed in, its browser's name (user agent) and when it was last used, so you can see and end your sessions in Settings.",
    ),
  },
  {
    name: msg("Stalls, photos and reviews"),
    what: msg(
      "The stalls you add, with their map pin, hours and menu; the photos you upload, with their location and camera data removed before they are stored; your reviews and ratings; the reports and claims you send.",
    ),
  },
  {
    name: msg("Bookmarks, notes and trails"),
    what: msg(
      "The stalls you bookmark, with your private notes and your own star ratings; the Food Trails you make or save; your notifications.",
    ),
  },
  {
    name: msg("Contact messages"),
    what: msg(
      "Your name, e-mail address, topic and message, and for 'Report a problem' the page you were on and the app version; the answer we send.",
    ),
  },
  {
    name: msg("Newsletter"),
    what: msg(
      "Your address, and whether and when you confirmed it. Only confirmed addresses get the newsletter.",
    ),
  },
] as const;

const RETENTION = [
  msg("Sessions end 30 days after you last used them, or when you sign out."),
  msg("Signed-in sessions are also cached in Cloudflare KV for 5 minutes at a time, to answer faster."),
  msg("Photos uploaded but never added to a stall are deleted after a day."),
  msg(
    "Counters that limit how often something can be done (sign-in attempts, messages), kept by IP address or account, are deleted when their window ends, within 24 hours.",
  ),
  msg("Records that keep a double click from adding something twice are deleted after 24 hours."),
  msg("Password reset links work for one hour; confirmation links for 7 days."),
  msg("A newsletter address is kept until you unsubscribe or delete your account; either deletes it."),
  msg("An address whose newsletter confirmation link was not followed within 7 days is deleted."),
  msg("Contact messages and our answers are kept until you delete your account or ask us to delete them."),
  msg(
    "Everything else (your account, profile, stalls, reviews, bookmarks, notes and trails) is kept until you delete it or your account: there is no automatic deletion of these.",
  ),
] as const;

const COOKIES = [
  { name: "nukkad_session", what: msg("Keeps you signed in. Until you sign out, at most 30 days.") },
  { name: "nukkad-theme", what: msg("Light, dark or your device's theme. One year.") },
  { name: "nukkad-lang", what: msg("The language you chose. One year.") },
  { name: "nukkad-units", what: msg("Kilometres or miles, for visitors. One year.") },
  { name: "nukkad-city", what: msg("Your default city, for visitors. One year.") },
  { name: "nukkad-area", what: msg("The map area you last looked at on Discover. 90 days.") },
  {
    name: "d1b",
    what: msg("For 5 minutes after you change something, makes sure the next pages already show the change."),
  },
] as const;

export default function PrivacyPage() {
  const t = useT();
  const email = <SupportEmailLink />;
  const settingsLink = (to: string, label: string) => (
    <Link to={to} className="font-semibold text-primary-strong underline">
      {label}
    </Link>
  );
  return (
    <PageShell title={t("Privacy Policy")} subtitle={t("What Nukkad keeps about you, and why")}>
      <div className="space-y-4 leading-relaxed">
        <p>
          {t(
            "Nukkad keeps the least it needs to run. We never sell your data or share it with advertisers, and there are no advertising or tracking cookies.",
          )}
        </p>

        <LinkedSection id="what-we-store" title={t("What Nukkad stores")}>
          <dl className="space-y-3">
            {STORED.map((item) => (
              <div key={item.name}>
                <dt className="font-semibold">{t(item.name)}</dt>
                <dd className="text-ink-muted">{t(item.what)}</dd>
              </div>
            ))}
          </dl>
          <p>
            {t(
              "Your location is used in your browser to show stalls near you. It is sent to Nukkad only with the request for nearby stalls and is not stored unless you save it to your profile.",
            )}
          </p>
        </LinkedSection>

        <LinkedSection id="where" title={t("Where it is kept")}>
          <p>
            {t(
              "Everything is kept with Cloudflare, which runs Nukkad: the database (Cloudflare D1) holds your account, profile, stalls, reviews, bookmarks, notes, trails, contact messages and the newsletter list; photos are files in Cloudflare R2; Cloudflare KV holds short-lived caches of sessions and of address lookups. Cloudflare may process this data outside India.",
            )}
          </p>
        </LinkedSection>

        <LinkedSection id="how-long" title={t("How long it is kept")}>
          <ul className="list-disc space-y-1 pl-6">
            {RETENTION.map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
        </LinkedSection>

        <LinkedSection id="who-sees-it" title={t("Who sees it")}>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              {t(
                "Everyone: approved stalls and their photos, public reviews and public trails with your name, and your profile unless you make it visible to your followers only in Settings.",
              )}
            </li>
            <li>
              {t(
                "Only you: your e-mail address, bookmarks, private notes, your own ratings, private trails, notifications and sessions.",
              )}
            </li>
            <li>
              {t(
                "Nukkad's moderators: stalls waiting for review and who sent them, reports, claims and contact messages, to answer them.",
              )}
            </li>
            <li>
              {t(
                "Services that do part of the work: Cloudflare hosts Nukkad; Resend delivers our e-mails; addresses are looked up through OpenStreetMap's Nominatim by Nukkad's server, so your device does not contact it; map tiles are loaded by your browser from OpenStreetMap.",
              )}
            </li>
          </ul>
        </LinkedSection>

        <LinkedSection id="your-data" title={t("Export and deletion")}>
          <p>
            <Sentence
              text={t(
                "{backup} in Settings downloads everything you own as one ZIP file: your profile, bookmarks with notes and ratings, stalls, reviews, trails, posts, comments and the people you follow.",
                { backup: slot("backup") },
              )}
              parts={{ backup: settingsLink("/settings", t("Backup Data")) }}
            />
          </p>
          <p>
            <Sentence
              text={t(
                "{delete} in Settings deletes your sessions, profile, bookmarks, notes, notifications, private trails, contact messages and newsletter subscription. Stalls, public reviews and posts you added stay, shown as by 'Deleted user'.",
                { delete: slot("delete") },
              )}
              parts={{ delete: settingsLink("/settings/data#delete", t("Delete account")) }}
            />
          </p>
          <p>
            <Sentence
              text={t(
                "This is your right to erasure under India's Digital Personal Data Protection Act, 2023 and, where it applies to you, the EU's General Data Protection Regulation (GDPR). You may also ask us to correct or delete anything else we hold about you, such as a contact message, by writing to {email}.",
                { email: slot("email") },
              )}
              parts={{ email }}
            />
          </p>
        </LinkedSection>

        <LinkedSection id="contact" title={t("Contact")}>
          <p>
            <Sentence
              text={t(
                "Questions about your data: use {contact} or write to {email}. We reply within 24 hours.",
                {
                  contact: slot("contact"),
                  email: slot("email"),
                },
              )}
              parts={{ contact: settingsLink("/contact", t("Contact Us")), email }}
            />
          </p>
        </LinkedSection>

        <LinkedSection id="cookies" title={t("Cookies")}>
          <p>
            {t(
              "Nukkad sets only the cookies it needs to work. Your recent searches and the pins of the Map Lab stay in this browser's storage and are never sent to Nukkad.",
            )}
          </p>
          <dl className="space-y-2">
            {COOKIES.map((cookie) => (
              <div key={cookie.name}>
                <dt>
                  <code className="font-semibold">{cookie.name}</code>
                </dt>
                <dd className="text-ink-muted">{t(cookie.what)}</dd>
              </div>
            ))}
          </dl>
        </LinkedSection>

        <LinkedSection id="terms" title={t("Terms of Service")}>
          <p>
            <Sentence
              text={t("The rules for adding stalls, posting and reviewing are in the {terms}.", {
                terms: slot("terms"),
              })}
              parts={{ terms: settingsLink("/terms", t("Terms of Service")) }}
            />
          </p>
        </LinkedSection>
      </div>
    </PageShell>
  );
}

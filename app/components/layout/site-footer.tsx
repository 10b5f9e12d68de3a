import { Link, useFetcher } from "@remix-run/react";
import { UtensilsCrossed } from "lucide-react";
import { LanguageSwitch } from "~/components/language-switch";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { msg } from "~/lib/i18n/translate";

const FOOTER_LINKS = [
  { to: "/food-trails", label: msg("Food Trails") },
  { to: "/help", label: msg("Help Center") },
  { to: "/contact", label: msg("Contact Us") },
  { to: "/privacy", label: msg("Privacy Policy") },
  { to: "/#faq", label: msg("FAQ") },
] as const;

const SOCIAL_LINKS = [
  { href: "https://www.instagram.com/nukkad.food", label: msg("Nukkad on Instagram") },
  { href: "https://x.com/nukkadfood", label: msg("Nukkad on X") },
] as const;

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-border bg-surface-muted pb-24 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 font-bold text-lg text-primary-strong">
            <UtensilsCrossed aria-hidden="true" className="size-5" /> Nukkad
          </p>
          <p className="mt-2 text-ink-muted text-sm">
            {t(
              "Hidden street-food stalls of Bangalore and Delhi, found and shared by the people who eat there.",
            )}
          </p>
          <ul className="mt-3 flex gap-4 text-sm">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer" target="_blank" className="underline">
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t("Footer")}>
          <h2 className="font-semibold">{t("Explore")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-ink-muted hover:text-ink hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          <NewsletterBox />
          <LanguageSwitch />
        </div>
      </div>
      <p className="pb-6 text-center text-ink-muted text-xs">© {new Date().getFullYear()} Nukkad · v1.0.0</p>
    </footer>
  );
}

function NewsletterBox() {
  // The answer is shown beside the box, never as a toast: a plain fetcher, so every page's first load carries no
  // toast code for it.
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // A refused address is refused by the schema, so its message is the one field's.
  const refused = answer && !answer.ok ? answer.result?.error?.email?.[0] : undefined;
  const t = useT();
  return (
    <fetcher.Form method="post" action="/newsletter" className="space-y-2" noValidate>
      <h2 className="font-semibold">
        <label htmlFor="newsletter-email">{t("Get new stalls in your inbox")}</label>
      </h2>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={refused ? true : undefined}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 rounded-md border border-border bg-surface px-3 py-2 text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground text-sm disabled:opacity-60"
        >
          {busy ? t("Subscribing...") : t("Subscribe")}
        </button>
      </div>
      <p id="newsletter-status" role="status" className="min-h-5 text-sm">
        {answer?.ok && answer.message ? (
          t(answer.message)
        ) : refused ? (
          <span className="text-closed">{t(refused)}</span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}

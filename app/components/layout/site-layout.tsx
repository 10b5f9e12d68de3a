import { Link, NavLink, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { CirclePlus, Film, House, Moon, Search, ShieldCheck, Sun, User, UtensilsCrossed } from "lucide-react";
import type { ReactNode } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { LanguageSwitch } from "~/components/language-switch";
import { DesktopNav, PhoneMenu } from "~/components/layout/site-nav";
import { NotificationBell, ProfileTabBadge } from "~/components/notifications/bell";
import { useShowingDark } from "~/components/settings/preferences-theme";
import { useT } from "~/components/use-t";
import type { Theme } from "~/lib/http/theme";
import { msg } from "~/lib/i18n/translate";

const TAB_LINKS = [
  { to: "/", label: msg("Home"), icon: House, end: true },
  { to: "/search", label: msg("Search"), icon: Search, end: false },
  { to: "/add-stall", label: msg("Add"), icon: CirclePlus, end: false },
  { to: "/reels", label: msg("Reels"), icon: Film, end: false },
  { to: "/profile", label: msg("Profile"), icon: User, end: false },
] as const;

export function SiteLayout({
  theme,
  viewerName,
  children,
}: {
  theme: Theme;
  viewerName: string | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Off screen until focused, then over the sticky header (z-[1000]) and any map, on every page. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[2000] focus:rounded-md focus:border focus:border-border focus:bg-surface focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-strong focus:shadow-lg"
      >
        {t("Skip to content")}
      </a>
      <SiteHeader theme={theme} viewerName={viewerName} />
      <main id="main" className="flex-1 pb-20 md:pb-0">
        {children}
      </main>
      <SiteFooter />
      <BottomTabBar />
    </div>
  );
}

function SiteHeader({ theme, viewerName }: { theme: Theme; viewerName: string | null }) {
  const viewer = useRouteLoaderData<{ viewer: { moderator: boolean; avatarUrl?: string | null } | null }>(
    "root",
  )?.viewer;
  const moderator = viewer?.moderator;
  const t = useT();
  return (
    <header className="sticky top-0 z-[1000] border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold text-lg text-primary"
          aria-label={t("Nukkad home")}
        >
          <UtensilsCrossed aria-hidden="true" className="size-6" />
          <span>Nukkad</span>
        </Link>
        <DesktopNav viewerName={viewerName} avatarUrl={viewer?.avatarUrl ?? null} />
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {moderator ? (
            <NavLink
              to="/moderation"
              aria-label={t("Moderation")}
              className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:text-primary-strong"
            >
              <ShieldCheck aria-hidden="true" className="size-5" />
            </NavLink>
          ) : null}
          {/* On a desktop the bell is in the nav with the other sections. */}
          <div className="md:hidden">
            <NotificationBell />
          </div>
          <ThemeToggle theme={theme} />
          <PhoneMenu />
        </div>
      </div>
    </header>
  );
}

function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const location = useLocation();
  // Optimistic: the submitted value wins until the cookie round trip is done.
  const current = (fetcher.formData?.get("theme") as Theme | null) ?? theme;
  // Under "system" the button turns what is showing around: a device in dark mode is offered light.
  const dark = useShowingDark(current);
  const next: Theme = dark ? "light" : "dark";
  const t = useT();
  return (
    <fetcher.Form method="post" action="/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
        aria-label={next === "dark" ? t("Switch to dark mode") : t("Switch to light mode")}
      >
        {dark ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
    </fetcher.Form>
  );
}

function BottomTabBar() {
  const t = useT();
  return (
    <nav
      aria-label={t("Tabs")}
      className="fixed inset-x-0 bottom-0 z-[1000] border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {TAB_LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `relative flex flex-col items-center gap-0.5 py-2 font-medium text-xs ${
                  isActive ? "text-primary-strong" : "text-ink-muted"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
              {to === "/profile" ? <ProfileTabBadge /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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

function SiteFooter() {
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
  const fetcher = useActionFetcher({ inline: true });
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

/** A page's heading and the line under it that says what the page is for. */
export function PageTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="font-bold text-2xl md:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
    </>
  );
}

/** The shell every secondary page uses: a title, and content. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle title={title} subtitle={subtitle} />
      <div className="mt-6">{children}</div>
    </div>
  );
}

import { Link, NavLink, useRouteLoaderData } from "@remix-run/react";
import { CirclePlus, Film, House, Search, User, UtensilsCrossed } from "lucide-react";
import type { ReactNode } from "react";
import { DesktopNav } from "~/components/layout/desktop-nav";
import { ModerationLink } from "~/components/layout/moderation-link";
import { PhoneMenu } from "~/components/layout/phone-menu";
import { SiteFooter } from "~/components/layout/site-footer";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { ProfileTabBadge } from "~/components/notifications/bell";
import { NotificationBell } from "~/components/notifications/notification-bell";
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
          {moderator ? <ModerationLink /> : null}
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

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useI18n } from "~/components/i18n-provider";
import { IconSprite } from "~/components/icon-sprite";
import { hydrateLater, mountLater } from "~/components/layout/mount-later";
import { SiteLayout } from "~/components/layout/site-layout";
import { SiteStyles } from "~/components/layout/site-styles";
import { ThemeHead } from "~/components/layout/theme";
import { MessagesScript } from "~/components/messages-script";
import { UnreadCountProvider } from "~/components/notifications/unread-count";
import { useMarkHydrated } from "~/components/use-hydrated";
import devanagariFont from "~/fonts/devanagari.css?url";
import { type Theme, themeFromCookieHeader } from "~/lib/http/theme";
import { metaTranslator } from "~/lib/i18n/page-meta";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { listFavouriteStallIds } from "~/models/favourite.server";
import { hindiLabelNames } from "~/models/label-name.server";
import { unreadCount } from "~/models/notification/notification.server";

// Nothing of theirs is drawn on a first paint (ADR 057): the toasts' host; the installable app's worker, offline set
// and prompts; what keeps <html>'s theme class and the messages' language in step after a change.
const Toaster = mountLater(() => import("~/components/toaster").then((module) => module.Toaster));
const PwaShell = mountLater(() => import("~/components/pwa/pwa-shell").then((module) => module.PwaShell));
const ThemeSync = mountLater(() =>
  import("~/components/layout/theme-sync").then((module) => module.ThemeSync),
);
const LanguageSync = mountLater(() =>
  import("~/components/language-sync").then((module) => module.LanguageSync),
);

// What root's boundary catches is rare: its code comes with the error (ADR 059).
const RouteError = hydrateLater(() => import("~/components/route-error").then((module) => module.RouteError));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const language = await context.language();
  return {
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    // Chosen once here, then the page is written in this language (ADR 019) and every date and time in this locale,
    // by the server and the browser alike.
    language,
    // Labels (tags, categories, cuisines, dishes) are data, not catalogue entries: a Hindi page gets their Hindi
    // names here, for every tag on every page (useLabel, ADR 035).
    labelNames: language === "hi" ? await hindiLabelNames(context.db) : null,
    locale: await context.formatLocale(),
    // Units and default city: every distance on every page is written in these (useFormatDistance).
    preferences: await context.preferences(),
    cspNonce: context.cspNonce ?? null,
    viewer: viewer
      ? { name: viewer.fullName, avatarUrl: viewer.avatarUrl, moderator: isModerator(viewer) }
      : null,
    // Every heart on every page reads its state from here (ADR 008).
    favouriteIds: viewer ? await listFavouriteStallIds(context.db, viewer.id) : [],
    // The bell's count (ADR 024): one KV read for someone signed in. A visitor has none, so their pages stay the same
    // for everyone and the edge may keep them (ADR 017).
    unreadNotifications: viewer ? await unreadCount(context.db, context.kv, viewer.id) : null,
  };
}

// A write queued offline (a heart, a note) keeps the page as it is: there is no network to reload the ids from.
export { skipReloadWhenQueued as shouldRevalidate } from "~/components/form/skip-reload-when-queued";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t("Nukkad: hidden street food near you") },
    {
      name: "description",
      content: t(
        "Discover, map and bookmark hidden street-food stalls in Bangalore and Delhi. Free for everyone.",
      ),
    },
  ];
};

/** The page's <title> and meta tags, written again when the browser's messages change language (LanguageSync). */
function TranslatedMeta() {
  useI18n();
  return <Meta />;
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme: Theme = rootData?.theme ?? "light";
  const nonce = rootData?.cspNonce ?? undefined;
  const language = rootData?.language ?? "en";
  useMarkHydrated();
  return (
    // With the system theme the head's script may add "dark" before hydration: the server could not know it.
    <html lang={language} className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <SiteStyles />
        <ThemeHead theme={theme} nonce={nonce} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {language === "hi" ? <link rel="stylesheet" href={devanagariFont} /> : null}
        <TranslatedMeta />
        <Links />
      </head>
      <body>
        <IconSprite />
        <UnreadCountProvider>
          <SiteLayout theme={theme} viewerName={rootData?.viewer?.name ?? null}>
            {children}
          </SiteLayout>
        </UnreadCountProvider>
        <Toaster />
        <PwaShell />
        <ThemeSync theme={theme} />
        <LanguageSync />
        <MessagesScript nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteError />;
}

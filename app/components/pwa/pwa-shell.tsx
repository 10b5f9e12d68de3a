import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useLanguage } from "~/components/use-language";
import { rememberLanguage } from "~/lib/client/offline-caches";
import { hasOwner } from "~/lib/client/offline-store";
import {
  forgetOfflineData,
  rememberStallPage,
  signedOutHere,
  syncOfflineData,
} from "~/lib/client/offline-sync";
import { replayWrites } from "~/lib/client/offline-writes";
import { forgetPush } from "~/lib/client/push";
import { registerServiceWorker } from "~/lib/client/service-worker";
import { InstallPrompt } from "./install-prompt";
import { OfflineWritesBanner } from "./offline-writes-banner";
import { UpdateBanner } from "./update-banner";

const STALL_PAGE = /^\/stall\/([^/.]+)$/;
const NONE: string[] = [];

/**
 * The installable app around every page (ADR 029): registers the service worker, offers an update and the install,
 * keeps the signed-in person's offline set fresh (and a visitor's recently opened stalls), sends the writes they made
 * offline, and deletes a person's set (and writes still waiting) when they sign out.
 */
export function PwaShell() {
  const root = useRouteLoaderData<{ viewer: unknown; favouriteIds: string[] }>("root");
  const signedIn = Boolean(root?.viewer);
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const language = useLanguage();

  useEffect(() => registerServiceWorker(setWaiting), []);

  // The worker's offline page speaks the language the pages were last shown in (ADR 034).
  useEffect(() => {
    void rememberLanguage(language).catch(() => undefined);
  }, [language]);

  // Signing out through any form: the server's Clear-Site-Data does the same where the browser supports it.
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (new URL(form.action, window.location.href).pathname !== "/signout") return;
      void forgetOfflineData();
      void forgetPush().catch(() => undefined);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  // Each page load sends the writes waiting (their answers reload the page's data, so the set follows), and refreshes
  // the set now and then, and at once when the bookmarks changed. Both start here and now, so that signing out
  // (forgetOfflineData) finds whichever runs and waits for it.
  const favouriteIds = root?.favouriteIds ?? NONE;
  const bookmarkKey = favouriteIds.join(",");
  useEffect(() => {
    if (signedIn) {
      if (navigator.onLine) void replayWrites();
      void syncOfflineData(bookmarkKey ? bookmarkKey.split(",") : []);
    }
    // Signed out elsewhere (another tab, an expired session): a person's set must not outlive their session. A page
    // the worker answered from its cache (the network too slow, or gone) may show a visitor even so: only the
    // server's word that nobody is signed in counts.
    else
      void hasOwner().then(async (owned) => {
        if (owned && (await signedOutHere())) await forgetOfflineData();
      });
  }, [signedIn, bookmarkKey]);

  useEffect(() => {
    const stall = STALL_PAGE.exec(pathname)?.[1];
    if (stall) void rememberStallPage(stall);
  }, [pathname]);

  return (
    <>
      {signedIn ? <OfflineWritesBanner /> : null}
      {waiting ? <UpdateBanner waiting={waiting} /> : null}
      {!waiting ? <InstallPrompt bookmarks={favouriteIds.length} /> : null}
    </>
  );
}

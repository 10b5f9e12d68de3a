import { Download, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { countVisit, dismissedAt, rememberDismissal, shouldOfferInstall } from "~/lib/client/install-prompt";

/** Chromium's beforeinstallprompt event: not in TypeScript's DOM library. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * Offers to install Nukkad after a moment of value (a second visit, or a first bookmark made on this page), never on
 * a first load; Not now keeps it away for 30 days. Shown only where the browser says the app can be installed.
 */
export function InstallPrompt({ bookmarks }: { bookmarks: number }) {
  const t = useT();
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  const [visits, setVisits] = useState(0);
  const [hidden, setHidden] = useState(false);
  const bookmarksAtLoad = useRef(bookmarks);

  useEffect(() => {
    setVisits(countVisit(localStorage, sessionStorage));
    const keep = (prompt: Event) => {
      prompt.preventDefault();
      setEvent(prompt as InstallPromptEvent);
    };
    const installed = () => setEvent(null);
    window.addEventListener("beforeinstallprompt", keep);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("beforeinstallprompt", keep);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);

  const firstBookmark = bookmarksAtLoad.current === 0 && bookmarks > 0;
  if (!event || hidden || visits === 0) return null;
  if (
    !shouldOfferInstall({ visits, firstBookmark, dismissedAt: dismissedAt(localStorage), now: Date.now() })
  ) {
    return null;
  }

  const dismiss = () => {
    rememberDismissal(localStorage, Date.now());
    setHidden(true);
  };
  return (
    <section
      aria-label={t("Install Nukkad")}
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-border bg-surface p-3 text-ink shadow-lg md:bottom-4"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="rounded-lg" />
      <div className="flex-1">
        <p className="font-semibold text-sm">{t("Install Nukkad")}</p>
        <p className="text-ink-muted text-sm">
          {t("It opens from your home screen and shows your saved stalls and trails with no network.")}
        </p>
        <button
          type="button"
          onClick={async () => {
            await event.prompt();
            const { outcome } = await event.userChoice;
            if (outcome === "dismissed") rememberDismissal(localStorage, Date.now());
            setHidden(true);
          }}
          className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-primary px-3 py-2 font-semibold text-primary-foreground text-sm"
        >
          <Download aria-hidden className="size-4" />
          {t("Install")}
        </button>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t("Not now")}
        className="rounded-lg p-1 text-ink-muted hover:bg-surface-muted"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}

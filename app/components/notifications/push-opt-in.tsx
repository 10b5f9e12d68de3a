import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import {
  mayOfferPush,
  type PushState,
  pushState,
  rememberPushOffered,
  turnOffPush,
  turnOnPush,
} from "~/lib/client/push";
import type { Translate } from "~/lib/i18n/translate";

/**
 * Push notifications for this browser, on the notifications page: 'Turn on push notifications', or that they are on
 * with 'Turn off'. Shown only where the browser can take pushes, the service worker is registered and the site is
 * not blocked; nothing is asked until the button is pressed.
 */
export function PushOptIn() {
  const t = useT();
  const [state, setState] = useState<PushState | "checking">("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  if (state === "checking" || state === "unsupported") return null;
  if (state === "denied")
    return (
      <p className="mt-4 rounded-xl bg-surface-muted p-3 text-ink-muted text-sm">
        {t("Notifications are blocked for Nukkad in this browser's settings.")}
      </p>
    );

  const change = async (turn: () => Promise<PushState>) => {
    setBusy(true);
    try {
      const next = await turn();
      setState(next);
      if (next === "on") notify.success(t("Push notifications are on for this device"));
      if (next === "off") notify.message(t("Push notifications are off for this device"));
    } catch {
      notify.error(t("Push notifications could not be changed. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-4">
      <p className="flex items-center gap-2 text-sm">
        <BellRing aria-hidden="true" className="size-5 text-primary-strong" />
        {state === "on"
          ? t("Push notifications are on for this device")
          : t("Get your notifications on this device, even when Nukkad is closed.")}
      </p>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void change(state === "on" ? turnOffPush : turnOnPush)}
        className={`inline-flex min-h-10 items-center rounded-full px-4 font-semibold text-sm disabled:opacity-60 ${
          state === "on"
            ? "border border-border hover:border-primary"
            : "bg-primary text-primary-foreground hover:opacity-90"
        }`}
      >
        {state === "on" ? t("Turn off") : t("Turn on push notifications")}
      </button>
    </div>
  );
}

/**
 * After following someone: a toast offers push once per browser, when push is simply off there (never on a page's
 * load, never again once offered). Its button is the click that lets the browser ask for permission.
 */
export function offerPushAfterFollow(t: Translate): void {
  void mayOfferPush()
    .then((may) => {
      if (!may) return;
      rememberPushOffered();
      notify.message(t("Hear about new followers, likes and comments even when Nukkad is closed?"), {
        duration: 15_000,
        action: {
          label: t("Turn on push notifications"),
          onClick: () =>
            void turnOnPush()
              .then((state) => {
                if (state === "on") notify.success(t("Push notifications are on for this device"));
              })
              .catch(() => notify.error(t("Push notifications could not be changed. Please try again."))),
        },
      });
    })
    .catch(() => {});
}

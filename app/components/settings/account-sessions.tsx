import { IntentButton } from "~/components/form/intent-button";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import type { Translate } from "~/lib/i18n/translate";
import type { Device } from "~/lib/rules/device";
import { formatDay } from "~/lib/rules/time-format";
import { DANGER_BUTTON, OUTLINE_BUTTON } from "./account-section";

interface SessionRow {
  id: string;
  device: Device;
  createdAt: number;
  lastSeenAt: number | null;
  current: boolean;
}

/** "Chrome on Android", "Safari", "Unknown device": the product names stay as they are in every language. */
function deviceText(t: Translate, { browser, os }: Device): string {
  const browserName = browser === "Nukkad app" ? t("Nukkad app") : browser;
  if (browserName && os) return t("{browser} on {os}", { browser: browserName, os });
  return browserName ?? os ?? t("Unknown device");
}

/**
 * Where the account is signed in: each session's device and the day it was last used (recorded once a day), this
 * one marked "This device"; any other can be signed out, or all of them at once.
 */
export function AccountSessions({ sessions }: { sessions: SessionRow[] }) {
  const t = useT();
  const hasOthers = sessions.some((session) => !session.current);
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border">
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {hasOthers ? (
        <IntentButton intent="sign-out-others" pendingLabel={t("Signing out...")} className={DANGER_BUTTON}>
          {t("Sign out other sessions")}
        </IntentButton>
      ) : (
        <p className="text-ink-muted text-sm">{t("You are signed in on this device only.")}</p>
      )}
    </div>
  );
}

function SessionItem({ session }: { session: SessionRow }) {
  const t = useT();
  const locale = useLocale();
  const device = deviceText(t, session.device);
  const lastSeen = session.lastSeenAt ?? session.createdAt;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-surface-muted px-2 py-0.5 font-semibold text-primary-strong text-xs">
              {t("This device")}
            </span>
          ) : null}
        </p>
        <p className="text-ink-muted text-sm">
          {session.current ? t("Active now") : t("Last seen {date}", { date: formatDay(lastSeen, locale) })}
        </p>
      </div>
      {session.current ? null : (
        <IntentButton
          intent="sign-out-session"
          values={{ session: session.id }}
          pendingLabel={t("Signing out...")}
          aria-label={t("Sign out {device}, last seen {date}", { device, date: formatDay(lastSeen, locale) })}
          className={OUTLINE_BUTTON}
        >
          {t("Sign out")}
        </IntentButton>
      )}
    </li>
  );
}

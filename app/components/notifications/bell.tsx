import { useT } from "~/components/use-t";
import { unreadBadge } from "~/lib/rules/unread-badge";
import { useUnreadCount } from "./unread-count";

/** The most the bell and the Profile tab show before '9+'. */
const BELL_MOST = 9;

/** The unread count as the bell shows it ('9+' past nine; null for a visitor or at none), and the name of a link to
 * the notifications that carries it. */
export function useUnreadBadge() {
  const count = useUnreadCount();
  const t = useT();
  const badge = count === null ? null : unreadBadge(count, BELL_MOST);
  return {
    badge,
    label: badge ? t("Notifications, {count} unread", { count: badge }) : t("Notifications"),
  };
}

/** The bottom bar's Profile tab carries the same count, for phones. */
export function ProfileTabBadge() {
  const { badge } = useUnreadBadge();
  const t = useT();
  if (!badge) return null;
  return (
    <>
      <CountBadge text={badge} className="-top-1 absolute left-1/2 ml-1.5" />
      <span className="sr-only">{t("{count} unread notifications", { count: badge })}</span>
    </>
  );
}

export function CountBadge({ text, className }: { text: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 font-bold text-[11px] text-primary-foreground leading-none ring-2 ring-surface ${className}`}
    >
      {text}
    </span>
  );
}

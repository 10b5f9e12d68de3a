import { NavLink } from "@remix-run/react";
import { Bell } from "lucide-react";
import { CountBadge, useUnreadBadge } from "./bell";

/** The header's bell: a link to /notifications with the unread count. A visitor sees it too, without a count: the
 * page sends them to sign in and back (ADR 032). */
export function NotificationBell() {
  const { badge, label } = useUnreadBadge();
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-surface-muted aria-[current=page]:text-primary-strong"
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge ? <CountBadge text={badge} className="-top-0.5 -right-0.5 absolute" /> : null}
    </NavLink>
  );
}

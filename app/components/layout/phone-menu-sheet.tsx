import { NavLink } from "@remix-run/react";
import { Bell, CirclePlus } from "lucide-react";
import { forwardRef } from "react";
import { Modal } from "~/components/community/modal";
import { PillLink } from "~/components/form/pill";
import { CountBadge, useUnreadBadge } from "~/components/notifications/bell";
import { useT } from "~/components/use-t";
import { BOOKMARKS, BROWSE, PROFILE, SETTINGS, type Section } from "./sections";

/** The phone Menu's sheet: every section, the tab bar's five included, so the sheet alone is a map of the product.
 * Loaded on the first intent to open it (PhoneMenu), not with the page: nothing of it is drawn on first paint. */
export const PhoneMenuSheet = forwardRef<HTMLDialogElement, { onClose: () => void }>(function PhoneMenuSheet(
  { onClose },
  ref,
) {
  const t = useT();
  return (
    <Modal ref={ref} title={t("Menu")} onClose={onClose}>
      <nav aria-label={t("All sections")} className="space-y-4">
        <ul className="grid grid-cols-2 gap-2">
          {BROWSE.map((section) => (
            <li key={section.to}>
              <MenuLink section={section} />
            </li>
          ))}
        </ul>
        <ul className="grid grid-cols-2 gap-2">
          <li>
            <MenuLink section={PROFILE} />
          </li>
          <li>
            <NotificationsMenuLink />
          </li>
          <li>
            <MenuLink section={BOOKMARKS} />
          </li>
          <li>
            <MenuLink section={SETTINGS} />
          </li>
        </ul>
        <PillLink to="/add-stall" icon={CirclePlus} label={t("Add a Stall")} variant="solid" size="lg" />
      </nav>
    </Modal>
  );
});

const MENU_LINK =
  "flex h-full min-h-12 items-center gap-2 rounded-xl border border-border px-3 py-2 font-medium hover:bg-surface-muted aria-[current=page]:border-primary aria-[current=page]:bg-surface-muted aria-[current=page]:text-primary-strong";

function MenuLink({ section: { to, label, icon: Icon, end } }: { section: Section }) {
  const t = useT();
  return (
    <NavLink to={to} end={end} className={MENU_LINK}>
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {t(label)}
    </NavLink>
  );
}

function NotificationsMenuLink() {
  const { badge, label } = useUnreadBadge();
  const t = useT();
  return (
    <NavLink to="/notifications" aria-label={label} className={MENU_LINK}>
      <Bell aria-hidden="true" className="size-5 shrink-0" />
      {t("Notifications")}
      {badge ? <CountBadge text={badge} className="ml-auto" /> : null}
    </NavLink>
  );
}

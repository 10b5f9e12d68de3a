import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { linkTabPanel } from "~/components/link-tabs";

/**
 * The panel of a page's LinkTabs: while another tab of the page at `path` loads, the one shown stays, dimmed and
 * marked busy. A form's post that comes back to the page reloads the same tab, so it does not dim it.
 */
export function LinkTabPanel({
  idPrefix,
  selected,
  path,
  className,
  children,
}: {
  idPrefix: string;
  selected: string;
  path: string;
  className?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const switching =
    navigation.state === "loading" &&
    navigation.formMethod === undefined &&
    navigation.location.pathname === path;
  return (
    <div
      {...linkTabPanel(idPrefix, selected)}
      aria-busy={switching}
      className={`${className ? `${className} ` : ""}transition-opacity ${switching ? "opacity-50" : ""}`}
    >
      {children}
    </div>
  );
}

/** A tab of a list with a Nearby tab (the feed, reels): Nearby keeps the position it was opened with. */
export function nearbyTabHref(path: string, tab: string, near: string | null): string {
  const params = new URLSearchParams({ tab });
  if (tab === "nearby" && near) params.set("near", near);
  return `${path}?${params}`;
}

import { Link, useNavigate } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useRef } from "react";

const TAB_SIZES = {
  regular: { list: "gap-1", tab: "min-h-11 gap-1.5 px-2 text-sm" },
  compact: { list: "gap-0.5", tab: "min-h-9 px-1 text-xs sm:text-sm" },
} as const;

/** Which tab a key moves to, by the ARIA tabs pattern (the arrows wrap around); null for any other key. */
function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * A page's tabs as links (the ARIA tabs pattern): the tab lives in the URL, so it survives a reload and works before
 * the page's JavaScript loads; the arrow keys, Home and End move the focus and open that tab. The panel takes
 * `linkTabPanel(idPrefix, selected)`. `columns` is the grid's Tailwind class ("grid-cols-3"), written out by the
 * caller so Tailwind sees it.
 */
export function LinkTabs<Value extends string>({
  label,
  idPrefix,
  values,
  selected,
  href,
  columns,
  size = "regular",
  className = "",
  children,
}: {
  label: string;
  idPrefix: string;
  values: readonly Value[];
  selected: Value;
  href: (value: Value) => string;
  columns: string;
  size?: keyof typeof TAB_SIZES;
  className?: string;
  /** A tab's name (and any count beside it), told whether it is the one shown. */
  children: (value: Value, isSelected: boolean) => ReactNode;
}) {
  const navigate = useNavigate();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const sizes = TAB_SIZES[size];

  const onKeyDown = (event: KeyboardEvent) => {
    const to = tabAfterKey(event.key, values.indexOf(selected), values.length);
    const value = to === null ? undefined : values[to];
    if (to === null || value === undefined) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    navigate(href(value), { preventScrollReset: true });
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`grid ${columns} ${sizes.list} rounded-full border border-border bg-surface p-1 shadow-sm ${className}`}
    >
      {values.map((value, index) => {
        const isSelected = value === selected;
        return (
          <Link
            key={value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${idPrefix}-tab-${value}`}
            role="tab"
            aria-selected={isSelected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={isSelected ? 0 : -1}
            to={href(value)}
            preventScrollReset
            className={`flex items-center justify-center rounded-full text-center font-semibold ${sizes.tab} ${
              isSelected
                ? "bg-primary text-primary-foreground"
                : "text-ink-muted hover:bg-surface-muted hover:text-ink"
            }`}
          >
            {children(value, isSelected)}
          </Link>
        );
      })}
    </div>
  );
}

/** The attributes of the panel the LinkTabs of `idPrefix` control. */
export function linkTabPanel(idPrefix: string, selected: string) {
  return {
    id: `${idPrefix}-panel`,
    role: "tabpanel",
    "aria-labelledby": `${idPrefix}-tab-${selected}`,
  } as const;
}

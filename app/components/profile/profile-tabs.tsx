import { Link } from "@remix-run/react";
import { useT } from "~/components/use-t";

/** A profile's sections as links (the tab is in the URL, so it survives a reload and a shared link). */
export function ProfileTabs<Value extends string>({
  tabs,
  current,
  hrefOf,
}: {
  tabs: readonly { value: Value; label: string }[];
  current: Value;
  hrefOf: (value: Value) => string;
}) {
  const t = useT();
  return (
    <nav
      aria-label={t("Profile sections")}
      className="mt-6 flex gap-1 overflow-x-auto border-border border-b"
    >
      {tabs.map(({ value, label }) => (
        <Link
          key={value}
          to={hrefOf(value)}
          preventScrollReset
          aria-current={current === value ? "page" : undefined}
          className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-4 py-2 font-semibold text-sm ${
            current === value ? "border-primary text-primary-strong" : "border-transparent text-ink-muted"
          }`}
        >
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}

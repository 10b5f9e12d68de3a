import { Form, Link } from "@remix-run/react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { PillButton } from "~/components/form/pill";
import { useT } from "~/components/use-t";
import { QUEUE_SEARCH_MAX } from "~/lib/schemas/moderation-fields";

// What every page of the moderation area shares: its tabs and its search (the queues' frame and the log).

/** One of the moderation area's tabs: a queue (with how many it holds) or a page beside the queues. */
export interface Place {
  to: string;
  label: string;
  count?: number;
  current?: boolean;
}

/** The moderation area's tabs: every queue, then the pages beside them; the current one says so (aria-current). */
export function ModerationTabs({ places }: { places: Place[] }) {
  const t = useT();
  return (
    <nav aria-label={t("Moderation queues")}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {places.map(({ to, label, count, current }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={current ? "page" : undefined}
              className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted aria-[current=page]:border-primary-strong aria-[current=page]:bg-primary-strong aria-[current=page]:text-primary-foreground"
            >
              {t(label)}
              {count === undefined ? null : (
                <span className="rounded-full bg-surface-muted px-2 text-ink text-xs">{count}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The moderation area's search, a GET form (so it works before scripts load) to `action`: the words (`q`) in a field
 * labelled `field`, after `hidden` (what the search keeps, a queue's tab) and before `children` (more choices).
 */
export function ModerationSearch({
  action,
  label,
  field,
  q,
  hidden,
  children,
}: {
  action: string;
  label: string;
  field: string;
  q: string;
  hidden?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="mt-4 flex flex-wrap items-end gap-3"
    >
      {hidden}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="queue-search" className="block font-medium text-sm">
          {field}
        </label>
        <input
          id="queue-search"
          key={q}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={QUEUE_SEARCH_MAX}
          className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
        />
      </div>
      {children}
      <PillButton icon={Search} label={t("Search")} />
    </Form>
  );
}

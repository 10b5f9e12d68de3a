import { Form, Link } from "@remix-run/react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Pager } from "~/components/layout/pager";
import { PageShell } from "~/components/site-layout";
import {
  MODERATION_QUEUES,
  type ModerationQueue,
  QUEUE_SEARCH_MAX,
  QUEUE_START,
  type QueueSort,
} from "~/lib/schemas/moderation";

interface QueueInfo {
  title: string;
  path: string;
  /** The `tab` that picks this queue on its page. */
  tab?: string;
  /** "3 stalls", "1 report", … */
  amount: (n: number) => string;
  empty: string;
}

const plural = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;

/** Every queue, as its tab, its heading and its links say it. */
const QUEUES: Record<ModerationQueue, QueueInfo> = {
  pending: {
    title: "Pending stalls",
    path: "/moderation",
    amount: plural("stall", "stalls"),
    empty: "No stalls are waiting for review.",
  },
  reports: {
    title: "Open reports",
    path: "/moderation",
    tab: "reports",
    amount: plural("report", "reports"),
    empty: "No open reports.",
  },
  claims: {
    title: "Pending claims",
    path: "/moderation",
    tab: "claims",
    amount: plural("claim", "claims"),
    empty: "No pending claims.",
  },
  reviews: {
    title: "Reported reviews",
    path: "/moderation/reviews",
    amount: plural("review", "reviews"),
    empty: "No reported reviews. All caught up!",
  },
};

export const queueTitle = (queue: ModerationQueue) => QUEUES[queue].title;

interface QueueView {
  q: string;
  sort: QueueSort;
}

/** A queue's URL; what is left at its default stays out of it, so the plain queue is just its path. */
export function queueHref(
  queue: ModerationQueue,
  { q, sort }: QueueView,
  cursor: string | null = null,
): string {
  const { path, tab } = QUEUES[queue];
  const params = new URLSearchParams();
  if (tab) params.set("tab", tab);
  if (q) params.set("q", q);
  if (sort !== QUEUE_START.sort) params.set("sort", sort);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** What a list says when it is empty: nothing waits, or nothing matches the search. */
export function queueEmpty(queue: ModerationQueue, q: string): string {
  return q ? `Nothing in ${QUEUES[queue].title.toLowerCase()} matches "${q}".` : QUEUES[queue].empty;
}

/**
 * Every moderation queue's page: the queues as tabs with how many items each holds (under the search), the search
 * by stall name or area and the order (a GET form, so it works before scripts load), the list (`children`) and
 * its pages. `notice` says when part of the link could not be read.
 */
export function QueueFrame({
  queue,
  description,
  counts,
  view,
  page,
  notice,
  children,
}: {
  queue: ModerationQueue;
  description: string;
  counts: Record<ModerationQueue, number>;
  view: QueueView;
  page: { previous: string | null; next: string | null };
  notice: string | null;
  children: ReactNode;
}) {
  const { title, path, tab, amount } = QUEUES[queue];
  const pageHref = (cursor: string | null) => (cursor ? queueHref(queue, view, cursor) : null);
  return (
    <PageShell title={title} subtitle={description}>
      <nav aria-label="Moderation queues">
        <ul className="flex flex-wrap gap-2 text-sm">
          {MODERATION_QUEUES.map((each) => (
            <li key={each}>
              <Link
                to={queueHref(each, view)}
                aria-current={each === queue ? "page" : undefined}
                className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted aria-[current=page]:border-primary-strong aria-[current=page]:bg-primary-strong aria-[current=page]:text-primary-foreground"
              >
                {QUEUES[each].title}
                <span className="rounded-full bg-surface-muted px-2 text-ink text-xs">{counts[each]}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/moderation/aliases"
              className="inline-flex items-center rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted"
            >
              Dish aliases
            </Link>
          </li>
        </ul>
      </nav>

      <Form
        method="get"
        action={path}
        role="search"
        aria-label={`Search ${title.toLowerCase()}`}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        {tab ? <input type="hidden" name="tab" value={tab} /> : null}
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="queue-search" className="block font-medium text-sm">
            Stall name or area
          </label>
          <input
            id="queue-search"
            key={view.q}
            name="q"
            type="search"
            defaultValue={view.q}
            maxLength={QUEUE_SEARCH_MAX}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="queue-sort" className="block font-medium text-sm">
            Order
          </label>
          <select
            id="queue-sort"
            key={view.sort}
            name="sort"
            defaultValue={view.sort}
            className="mt-1 rounded-lg border border-border bg-surface px-3 py-2"
          >
            <option value="oldest">Oldest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground hover:bg-primary-strong"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </Form>

      {notice ? (
        <p role="alert" className="mt-4 rounded-lg border border-closed p-3 text-sm">
          {notice}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-lg">
          {`${amount(counts[queue])} ${view.q ? `matching "${view.q}"` : "waiting"}, ${view.sort} first`}
        </h2>
        {view.q ? (
          <Link
            to={queueHref(queue, { ...view, q: "" })}
            className="font-semibold text-primary-strong text-sm underline"
          >
            Clear search
          </Link>
        ) : null}
      </div>
      {children}
      <Pager label={`${title} pages`} previous={pageHref(page.previous)} next={pageHref(page.next)} />
    </PageShell>
  );
}

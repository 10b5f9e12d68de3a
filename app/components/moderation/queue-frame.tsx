import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ItemList } from "~/components/layout/item-list";
import { PageShell } from "~/components/layout/page-shell";
import { Pager } from "~/components/layout/pager";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import {
  MODERATION_QUEUES,
  type ModerationQueue,
  QUEUE_START,
  type QueueSort,
} from "~/lib/schemas/moderation-fields";
import { ModerationSearch, ModerationTabs, type Place } from "./moderation-nav";

interface QueueInfo {
  title: string;
  path: string;
  /** The `tab` that picks this queue on its page. */
  tab?: string;
  /** Its heading over the list: how many wait, in which order ({count}, {sort}). */
  waiting: string;
  /** The same with a search ({count}, {q}, {sort}). */
  matching: string;
  empty: string;
  /** What it says when nothing matches the search ({q}). */
  noMatch: string;
  search: string;
  pages: string;
  /** The search field's label, when the queue is searched by something other than its stalls' name or area. */
  searchField?: string;
}

/** Every queue, as its tab, its heading and its links say it: whole messages, one per queue. */
const QUEUES: Record<ModerationQueue, QueueInfo> = {
  pending: {
    title: msg("Pending stalls"),
    path: "/moderation",
    waiting: msg(
      "{count, plural, one {# stall} other {# stalls}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# stall} other {# stalls}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No stalls are waiting for review."),
    noMatch: msg('Nothing in pending stalls matches "{q}".'),
    search: msg("Search pending stalls"),
    pages: msg("Pending stalls pages"),
  },
  reports: {
    title: msg("Open reports"),
    path: "/moderation",
    tab: "reports",
    waiting: msg(
      "{count, plural, one {# report} other {# reports}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# report} other {# reports}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No open reports."),
    noMatch: msg('Nothing in open reports matches "{q}".'),
    search: msg("Search open reports"),
    pages: msg("Open reports pages"),
  },
  claims: {
    title: msg("Pending claims"),
    path: "/moderation",
    tab: "claims",
    waiting: msg(
      "{count, plural, one {# claim} other {# claims}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# claim} other {# claims}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No pending claims."),
    noMatch: msg('Nothing in pending claims matches "{q}".'),
    search: msg("Search pending claims"),
    pages: msg("Pending claims pages"),
  },
  posts: {
    title: msg("Reported posts"),
    path: "/moderation",
    tab: "posts",
    waiting: msg(
      "{count, plural, one {# post or comment} other {# posts and comments}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# post or comment} other {# posts and comments}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reported posts or comments."),
    noMatch: msg('Nothing in reported posts matches "{q}".'),
    search: msg("Search reported posts"),
    pages: msg("Reported posts pages"),
  },
  trails: {
    title: msg("Reported trails"),
    path: "/moderation",
    tab: "trails",
    waiting: msg(
      "{count, plural, one {# trail} other {# trails}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# trail} other {# trails}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reported trails."),
    noMatch: msg('Nothing in reported trails matches "{q}".'),
    search: msg("Search reported trails"),
    pages: msg("Reported trails pages"),
    searchField: msg("Trail title or area"),
  },
  reels: {
    title: msg("Pending reels"),
    path: "/moderation",
    tab: "reels",
    waiting: msg(
      "{count, plural, one {# reel} other {# reels}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# reel} other {# reels}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reels are waiting for review."),
    noMatch: msg('Nothing in pending reels matches "{q}".'),
    search: msg("Search pending reels"),
    pages: msg("Pending reels pages"),
    searchField: msg("Stall, area or caption"),
  },
  reel_reports: {
    title: msg("Reported reels"),
    path: "/moderation",
    tab: "reel_reports",
    waiting: msg(
      "{count, plural, one {# reel} other {# reels}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# reel} other {# reels}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reported reels."),
    noMatch: msg('Nothing in reported reels matches "{q}".'),
    search: msg("Search reported reels"),
    pages: msg("Reported reels pages"),
    searchField: msg("Stall, area or caption"),
  },
  reviews: {
    title: msg("Reported reviews"),
    path: "/moderation/reviews",
    waiting: msg(
      "{count, plural, one {# review} other {# reviews}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# review} other {# reviews}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reported reviews. All caught up!"),
    noMatch: msg('Nothing in reported reviews matches "{q}".'),
    search: msg("Search reported reviews"),
    pages: msg("Reported reviews pages"),
  },
  people: {
    title: msg("Reported people"),
    path: "/moderation",
    tab: "people",
    waiting: msg(
      "{count, plural, one {# person} other {# people}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# person} other {# people}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No reported people."),
    noMatch: msg('Nothing in reported people matches "{q}".'),
    search: msg("Search reported people"),
    pages: msg("Reported people pages"),
    searchField: msg("Name or username"),
  },
  hidden: {
    title: msg("Hidden"),
    path: "/moderation",
    tab: "hidden",
    waiting: msg(
      "{count, plural, one {# hidden post, comment or trail} other {# hidden posts, comments and trails}}, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# hidden post, comment or trail} other {# hidden posts, comments and trails}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("Nothing is hidden."),
    noMatch: msg('Nothing hidden matches "{q}".'),
    search: msg("Search hidden posts, comments and trails"),
    pages: msg("Hidden pages"),
    searchField: msg("Words, title or area"),
  },
  held: {
    title: msg("Held"),
    path: "/moderation",
    tab: "held",
    waiting: msg(
      "{count, plural, one {# held post} other {# held posts}} waiting, {sort, select, newest {newest} other {oldest}} first",
    ),
    matching: msg(
      '{count, plural, one {# held post} other {# held posts}} matching "{q}", {sort, select, newest {newest} other {oldest}} first',
    ),
    empty: msg("No posts are held by the spam rules."),
    noMatch: msg('Nothing held matches "{q}".'),
    search: msg("Search held posts"),
    pages: msg("Held pages"),
    searchField: msg("Words"),
  },
};

export const queueTitle = (queue: ModerationQueue) => QUEUES[queue].title;

/** The moderation area's pages beside the queues, after their tabs. */
const PLACES: Place[] = [
  { to: "/moderation/aliases", label: msg("Dish aliases") },
  { to: "/moderation/labels", label: msg("Hindi names of labels") },
  { to: "/moderation/support", label: msg("Support inbox") },
  { to: "/moderation/log", label: msg("Moderation log") },
];

/** A queue's items in its order, each drawn by `children`; `empty` says why there are none. */
export function QueueItems<Item extends { id: string | number }>({
  items,
  empty,
  children,
}: {
  items: readonly Item[];
  empty: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {children}
    </ItemList>
  );
}

type Translate = ReturnType<typeof useT>;

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
export function queueEmpty(queue: ModerationQueue, q: string, t: Translate): string {
  return q ? t(QUEUES[queue].noMatch, { q }) : t(QUEUES[queue].empty);
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
  const t = useT();
  const { title, path, tab, waiting, matching, search, pages, searchField } = QUEUES[queue];
  const pageHref = (cursor: string | null) => (cursor ? queueHref(queue, view, cursor) : null);
  const queueLinks = MODERATION_QUEUES.map((each) => ({
    to: queueHref(each, view),
    label: QUEUES[each].title,
    count: counts[each],
    current: each === queue,
  }));
  return (
    <PageShell title={t(title)} subtitle={description}>
      <ModerationTabs places={[...queueLinks, ...PLACES]} />

      <ModerationSearch
        action={path}
        label={t(search)}
        field={searchField ? t(searchField) : t("Stall name or area")}
        q={view.q}
        hidden={tab ? <input type="hidden" name="tab" value={tab} /> : null}
      >
        <div>
          <label htmlFor="queue-sort" className="block font-medium text-sm">
            {t("Order")}
          </label>
          <select
            id="queue-sort"
            key={view.sort}
            name="sort"
            defaultValue={view.sort}
            className="mt-1 rounded-lg border border-border bg-surface px-3 py-2"
          >
            <option value="oldest">{t("Oldest first")}</option>
            <option value="newest">{t("Newest first")}</option>
          </select>
        </div>
      </ModerationSearch>

      {notice ? (
        <p role="alert" className="mt-4 rounded-lg border border-closed p-3 text-sm">
          {t(notice)}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold text-lg">
          {view.q
            ? t(matching, { count: counts[queue], q: view.q, sort: view.sort })
            : t(waiting, { count: counts[queue], sort: view.sort })}
        </h2>
        {view.q ? (
          <Link
            to={queueHref(queue, { ...view, q: "" })}
            className="font-semibold text-primary-strong text-sm underline"
          >
            {t("Clear search")}
          </Link>
        ) : null}
      </div>
      {children}
      <Pager label={t(pages)} previous={pageHref(page.previous)} next={pageHref(page.next)} />
    </PageShell>
  );
}

/** The tabs on a page beside the queues (`current`, its path): the queues without their counts, then the pages. */
export function ModerationPlaceTabs({ current }: { current: string }) {
  return (
    <ModerationTabs
      places={[
        ...MODERATION_QUEUES.map((each) => ({ to: queueHref(each, QUEUE_START), label: QUEUES[each].title })),
        ...PLACES.map((place) => ({ ...place, current: place.to === current })),
      ]}
    />
  );
}

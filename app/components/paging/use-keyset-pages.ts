import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";

/** A page of a keyset list, as every list loader and the API answer it. */
export interface KeysetPage<Item> {
  data: Item[];
  next_cursor: string | null;
}

/** A page that could not be read: why (a message, msg), so 'Load more' says so and can be pressed again. */
export interface PageFailure {
  error: string;
}

/** One empty set of pages for every list on a new URL, so its items keep their identity from render to render. */
const NO_PAGES: ReadonlyMap<string, never> = new Map<string, never>();

export interface KeysetPages<Item> {
  /** The first page's items, then every page read since, each item once. */
  items: Item[];
  /** The cursor 'Load more' asks with; null once the last page is read. */
  cursor: string | null;
  loading: boolean;
  /** Why the last page asked for could not be read; its cursor is kept for another try. */
  failure: string | null;
  /** Reads the next page (nothing while one is on its way or at the end). */
  loadMore: () => void;
}

/**
 * The one way a list reads its pages after the first (feed, reels, notifications, people, trails): a fetcher asks
 * `pageUrl(cursor)`, a resource route, or without it the page's own loader with ?cursor= (the URL a reader
 * without JavaScript follows too), and `pageOf` finds the page in its answer. The first page is the loader's latest data; pages read
 * since stay until the page's URL changes. Remix reads a fetcher's last page again after every write on the page:
 * that answer replaces the page it was asked for rather than adding it twice.
 */
export function useKeysetPages<Item extends { id: string | number }, Answer>(
  first: KeysetPage<Item>,
  {
    pageUrl,
    pageOf,
  }: {
    pageUrl?: (cursor: string) => string;
    pageOf: (answer: Answer) => KeysetPage<Item> | PageFailure | null;
  },
): KeysetPages<Item> {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const thisPageAt = (cursor: string) => {
    const search = new URLSearchParams(location.search);
    search.set("cursor", cursor);
    return `${location.pathname}?${search}`;
  };
  const fetcher = useFetcher<Answer>();
  const asked = useRef<string | null>(null);
  const [read, setRead] = useState<{
    at: string;
    pages: ReadonlyMap<string, KeysetPage<Item>>;
    failure: string | null;
  }>({ at: here, pages: new Map(), failure: null });
  const current =
    read.at === here
      ? read
      : { at: here, pages: NO_PAGES as ReadonlyMap<string, KeysetPage<Item>>, failure: null };

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer.
  useEffect(() => {
    const from = asked.current;
    const page = answer === undefined || from === null ? null : pageOf(answer as Answer);
    if (!page) return;
    setRead((known) => {
      const pages = known.at === here ? known.pages : new Map<string, KeysetPage<Item>>();
      if ("error" in page) return { at: here, pages, failure: page.error };
      return { at: here, pages: new Map(pages).set(from as string, page), failure: null };
    });
  }, [answer]);

  const lastRead = [...current.pages.values()].at(-1);
  const cursor = (lastRead ?? first).next_cursor;
  const loading = fetcher.state !== "idle";
  const items = useMemo(() => {
    const seen = new Set<string | number>();
    return [first, ...current.pages.values()]
      .flatMap((page) => page.data)
      .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [first, current.pages]);

  return {
    items,
    cursor,
    loading,
    failure: current.failure,
    loadMore: () => {
      if (!cursor || loading) return;
      asked.current = cursor;
      fetcher.load((pageUrl ?? thisPageAt)(cursor));
    },
  };
}

import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

interface KeysetPage<Item> {
  data: Item[];
  next_cursor: string | null;
}

/**
 * A keyset list past its first page: 'Load more' asks this page's own loader for `?cursor=` (the URL a reader
 * without JavaScript follows too) and adds the answer below. The first page is always the page's latest data (a
 * reload after a follow refreshes it); pages read since stay until the page's URL changes.
 */
export function useMorePages<Item extends { id: string | number }, Data>(
  first: KeysetPage<Item>,
  pageOf: (data: Data) => KeysetPage<Item> | null,
) {
  const location = useLocation();
  const fetcher = useFetcher<Data>();
  const here = `${location.pathname}${location.search}`;
  const [more, setMore] = useState<{ at: string; pages: KeysetPage<Item>[] }>({ at: here, pages: [] });
  const pages = more.at === here ? more.pages : [];

  // A page read again (Remix reloads fetchers after every write) replaces itself instead of adding a copy.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page read.
  useEffect(() => {
    const page = fetcher.state === "idle" && fetcher.data ? pageOf(fetcher.data as Data) : null;
    if (!page) return;
    setMore((known) => {
      const kept = (known.at === here ? known.pages : []).filter((p) => p.data[0]?.id !== page.data[0]?.id);
      return { at: here, pages: [...kept, page] };
    });
  }, [fetcher.data]);

  const seen = new Set<string | number>();
  const items = [first, ...pages]
    .flatMap((page) => page.data)
    .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  const cursor = (pages.at(-1) ?? first).next_cursor;
  const next = cursor
    ? () => {
        const search = new URLSearchParams(location.search);
        search.set("cursor", cursor);
        fetcher.load(`${location.pathname}?${search}`);
      }
    : null;
  return { items, next, loading: fetcher.state === "loading" };
}

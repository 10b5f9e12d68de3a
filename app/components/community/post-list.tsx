import { useFetcher } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import type { PostPage, PostPageFailure, PostView } from "~/lib/schemas/community";
import { PostCard } from "./post-card";

export interface PostListProps {
  /** The first page, from the page's loader (its reloads replace it). */
  firstPage: PostPage;
  /** The URL of the page after `cursor`: a loader answering a PostPage (e.g. /feed/page?tab=...&cursor=...). */
  pageUrl: (cursor: string) => string;
  /** Posts shown before the pages (a shared post, the reader's new ones); not repeated where a page has them. */
  leading?: PostView[];
  /** What shows when there are no posts at all. */
  empty?: ReactNode;
  /** Leave out each post's pinned stall card (a stall's own page). */
  hideStall?: boolean;
  /** The accessible name of the list. */
  label: string;
}

/**
 * A list of posts read page by page (keyset cursors): the next page loads when the end of the list scrolls into
 * view, and a 'Load more' button does the same for keyboards and screen readers. A post its author deletes leaves
 * the list. Give it a `key` that changes with what it lists, so a new list starts from its first page.
 */
export function PostList({ firstPage, pageUrl, leading = [], empty, hideStall, label }: PostListProps) {
  const t = useT();
  const more = useFetcher<PostPage | PostPageFailure>();
  // Each page read since the first, by the cursor it was asked with: a fetcher reads its last page again after a
  // write elsewhere on the page, and that answer replaces the page rather than adding it twice.
  const [pages, setPages] = useState<ReadonlyMap<string, PostView[]>>(new Map());
  const asked = useRef<string | null>(null);
  const [cursor, setCursor] = useState(firstPage.next_cursor);
  // A page that failed keeps the cursor, so 'Load more' asks for it again.
  const [failure, setFailure] = useState<string | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const end = useRef<HTMLDivElement>(null);
  const loading = more.state !== "idle";

  // The first page's reload (after a write) keeps the pages read since, and their cursor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when no further page has been read.
  useEffect(() => {
    if (pages.size === 0) setCursor(firstPage.next_cursor);
  }, [firstPage]);

  const answer = more.state === "idle" ? more.data : undefined;
  useEffect(() => {
    const from = asked.current;
    if (!answer || from === null) return;
    if ("error" in answer) {
      setFailure(answer.error);
      return;
    }
    setFailure(null);
    setPages((read) => new Map(read).set(from, answer.data));
    setCursor(answer.next_cursor);
  }, [answer]);

  const loadMore = () => {
    if (!cursor || loading) return;
    asked.current = cursor;
    more.load(pageUrl(cursor));
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  // Reading on as the end comes near (a screen ahead), for those who scroll.
  useEffect(() => {
    const target = end.current;
    if (!target || !cursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [cursor]);

  const posts = useMemo(() => {
    const seen = new Set<string>();
    return [...leading, ...firstPage.data, ...[...pages.values()].flat()].filter((post) => {
      if (seen.has(post.id) || removed.has(post.id)) return false;
      seen.add(post.id);
      return true;
    });
  }, [leading, firstPage, pages, removed]);

  if (posts.length === 0 && !cursor) return <>{empty}</>;
  return (
    <div>
      <ul aria-label={label} className="space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              hideStall={hideStall}
              onRemoved={(id) => setRemoved((gone) => new Set(gone).add(id))}
            />
          </li>
        ))}
      </ul>
      {failure ? (
        <p role="alert" className="mt-4 text-center text-closed text-sm">
          {t(failure)}
        </p>
      ) : null}
      <div ref={end} className="mt-4 flex min-h-12 justify-center">
        {cursor ? (
          <PendingButton
            pending={loading}
            pendingLabel={t("Loading...")}
            icon={
              loading ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              ) : null
            }
            onClick={loadMore}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-6 font-semibold hover:border-primary disabled:opacity-60"
          >
            {t("Load more")}
          </PendingButton>
        ) : posts.length > 0 ? (
          <p className="text-ink-muted text-sm">{t("You're all caught up!")}</p>
        ) : null}
      </div>
    </div>
  );
}

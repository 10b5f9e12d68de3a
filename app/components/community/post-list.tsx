import { type ReactNode, useId, useMemo, useState } from "react";
import { LoadMore } from "~/components/paging/load-more";
import { useKeysetPages } from "~/components/paging/use-keyset-pages";
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
  /** The list's heading, read by screen readers only (the page's tabs or title show it): each post's author is a
   * heading of level 3, under it. */
  label: string;
}

/**
 * A list of posts read page by page (keyset cursors): the next page loads when the end of the list scrolls into
 * view, and a 'Load more' button does the same for keyboards and screen readers. A post its author deletes leaves
 * the list. Give it a `key` that changes with what it lists, so a new list starts from its first page.
 */
export function PostList({ firstPage, pageUrl, leading = [], empty, hideStall, label }: PostListProps) {
  const t = useT();
  const headingId = useId();
  const paging = useKeysetPages(firstPage, {
    pageUrl,
    pageOf: (answer: PostPage | PostPageFailure) => answer,
  });
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const posts = useMemo(() => {
    const first = new Set(leading.map((post) => post.id));
    return [...leading, ...paging.items.filter((post) => !first.has(post.id))].filter(
      (post) => !removed.has(post.id),
    );
  }, [leading, paging.items, removed]);

  if (posts.length === 0 && !paging.cursor) return <>{empty}</>;
  return (
    <div>
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      <ul aria-labelledby={headingId} className="space-y-4">
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
      <LoadMore
        paging={paging}
        auto
        end={posts.length > 0 ? <p className="text-ink-muted text-sm">{t("You're all caught up!")}</p> : null}
      />
    </div>
  );
}

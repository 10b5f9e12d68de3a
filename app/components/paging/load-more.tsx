import { LoaderCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import type { KeysetPages } from "./use-keyset-pages";

/**
 * The end of a paged list: why the last page failed (with the button to try again), 'Load more' while there are
 * pages left, and `end` once every page is read. With `auto`, the next page is also read as the end comes within
 * a screen of view, for those who scroll; the button stays for keyboards and screen readers.
 */
export function LoadMore<Item>({
  paging,
  auto = false,
  end,
}: {
  paging: KeysetPages<Item>;
  auto?: boolean;
  end?: ReactNode;
}) {
  const t = useT();
  const { cursor, loading, failure } = paging;
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(paging.loadMore);
  loadMore.current = paging.loadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!auto || !target || !cursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, cursor]);

  if (!cursor && !end) return null;
  return (
    <>
      {failure ? (
        <p role="alert" className="mt-4 text-center text-closed text-sm">
          {t(failure)}
        </p>
      ) : null}
      <div ref={sentinel} className="mt-4 flex min-h-12 justify-center">
        {cursor ? (
          <PendingButton
            pending={loading}
            pendingLabel={t("Loading...")}
            icon={
              loading ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              ) : null
            }
            onClick={paging.loadMore}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-6 font-semibold hover:border-primary disabled:opacity-60"
          >
            {t("Load more")}
          </PendingButton>
        ) : (
          end
        )}
      </div>
    </>
  );
}

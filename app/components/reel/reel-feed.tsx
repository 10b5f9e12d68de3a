import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { LoadMore } from "~/components/paging/load-more";
import { useKeysetPages } from "~/components/paging/use-keyset-pages";
import { useHydrated } from "~/components/use-hydrated";
import { useT } from "~/components/use-t";
import { type PlaybackHints, serverAutoplay } from "~/lib/http/playback";
import type { ReelPage, ReelPageFailure, ReelView } from "~/lib/schemas/reels";
import { ReelItem } from "./reel-item";
import { usePlaybackPolicy } from "./use-playback-policy";

/** A reel is the one in view once this much of it shows (one reel fills the feed's screen, so only one can). */
const IN_VIEW = 0.6;
/** The next page is read when the reel in view is this close to the end. */
const READ_AHEAD = 3;
/** Reels drawn past the furthest one seen; those after are empty frames until the viewer comes near. */
const DRAWN_AHEAD = 2;

export interface ReelFeedProps {
  /** The first page, from the page's loader. */
  firstPage: ReelPage;
  /** Reels shown before the pages (a shared reel); not repeated where a page has them. */
  leading?: ReelView[];
  /** The URL of the page after `cursor`: a loader answering a ReelPage (/reels/page?tab=...&cursor=...). */
  pageUrl: (cursor: string) => string;
  /** What the page's loader read of the data saver and reduced motion (the request's hints, the playback cookie). */
  playback: PlaybackHints;
  /** What shows when there are no reels at all. */
  empty: ReactNode;
  /** The accessible name of the feed. */
  label: string;
}

/** What the viewer asked of the reel in view: null until they tap (autoplay decides), then play or pause. */
type Asked = "play" | "pause" | null;

const KEY_OWNERS =
  "input, textarea, select, [contenteditable=''], [contenteditable='true'], dialog, [role='tablist']";
const CONTROLS = "button, a, summary";

/**
 * The vertical reel feed: one reel per screen with CSS scroll-snap. The reel in view (IntersectionObserver) plays
 * muted and loops, the others pause; autoplay is off under reduced motion or a data saver, where the reels show their
 * posters with a play button. Keys: ArrowDown/ArrowUp move between reels, Space pauses or plays, m turns the sound
 * on or off (never taken from a text field, the tabs, or Space from a focused control). Only the reel after the one
 * in view preloads (its poster and metadata, once the page has hydrated); the next page is read as the end comes
 * near (keyset cursors).
 * Each reel is `--reel-height` tall, which the page sets (the screen less its bars). Give it a `key` that changes
 * with what it lists.
 */
export function ReelFeed({ firstPage, leading = [], pageUrl, playback, empty, label }: ReelFeedProps) {
  const t = useT();
  const policy = usePlaybackPolicy(playback);
  // The server's HTML starts the first reel by itself (autoplay): the same on the client, so hydration takes the
  // playing element over as it is.
  const [startsItself] = useState(() => serverAutoplay(playback));
  const container = useRef<HTMLDivElement>(null);
  const elements = useRef(new Map<number, HTMLElement>());
  const observer = useRef<IntersectionObserver | null>(null);
  const [active, setActive] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const [asked, setAsked] = useState<Asked>(null);
  const [muted, setMuted] = useState(true);
  const [moved, setMoved] = useState(false);
  const [followed, setFollowed] = useState<ReadonlyMap<string, boolean>>(new Map());
  // The page's HTML leaves the next reel's poster and first bytes out (ADR 058): fetched with the page they shared a
  // phone's link with the first reel's poster, the page's largest picture. They come once the page has hydrated.
  const readsAhead = useHydrated();

  const paging = useKeysetPages(firstPage, {
    pageUrl,
    pageOf: (answer: ReelPage | ReelPageFailure) => answer,
  });
  const { cursor, loading } = paging;
  const reels = useMemo(() => {
    const first = new Set(leading.map((reel) => reel.id));
    return [...leading, ...paging.items.filter((reel) => !first.has(reel.id))];
  }, [leading, paging.items]);

  const loadMore = useRef(paging.loadMore);
  loadMore.current = paging.loadMore;
  useEffect(() => {
    if (reels.length > 0 && active >= reels.length - READ_AHEAD) loadMore.current();
  }, [active, reels.length]);

  // The reel in view changes: what was asked of the last one does not carry over, and autoplay decides again.
  const activeNow = useRef(0);
  const show = useCallback((index: number) => {
    if (activeNow.current !== index) {
      activeNow.current = index;
      setActive(index);
      setAsked(null);
    }
    setFurthest((reached) => Math.max(reached, index));
    if (index > 0) setMoved(true);
  }, []);

  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const watching = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting && entry.intersectionRatio >= IN_VIEW)
            show(Number((entry.target as HTMLElement).dataset.index));
      },
      { root, threshold: IN_VIEW },
    );
    for (const element of elements.current.values()) watching.observe(element);
    observer.current = watching;
    return () => {
      watching.disconnect();
      observer.current = null;
    };
  }, [show]);

  const register = useCallback((index: number, element: HTMLElement | null) => {
    const before = elements.current.get(index);
    if (before && before !== element) observer.current?.unobserve(before);
    if (element) {
      elements.current.set(index, element);
      observer.current?.observe(element);
    } else elements.current.delete(index);
  }, []);

  const moveTo = (index: number) => {
    const root = container.current;
    const target = elements.current.get(index);
    if (!root || !target) return;
    // The feed scrolls, not the page: scrollIntoView would also move the window under the sticky header.
    root.scrollTo({ top: target.offsetTop, behavior: policy.reducedMotion ? "auto" : "smooth" });
    target.focus({ preventScroll: true });
  };

  const autoplay = policy.autoplay;
  const togglePlay = (index: number) => {
    if (index !== active) {
      show(index);
      setAsked("play");
      return;
    }
    // Until the browser's settings are read (autoplay null), the server's HTML has the reel playing: a press then
    // pauses it, as it would a second later.
    const playing = asked === "play" || (asked === null && autoplay !== false);
    setAsked(playing ? "pause" : "play");
  };

  const keys = useRef({ active, count: reels.length, moveTo, togglePlay });
  keys.current = { active, count: reels.length, moveTo, togglePlay };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(KEY_OWNERS)) return;
      const current = keys.current;
      if (current.count === 0) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const next = current.active + (event.key === "ArrowDown" ? 1 : -1);
        if (next >= 0 && next < current.count) current.moveTo(next);
      } else if (event.key === " " && !target?.closest(CONTROLS)) {
        event.preventDefault();
        current.togglePlay(current.active);
      } else if (event.key === "m" || event.key === "M") {
        setMuted((was) => !was);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (reels.length === 0 && !cursor) return <>{empty}</>;
  return (
    <div
      ref={container}
      className="relative h-(--reel-height) snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none]"
    >
      <div role="feed" aria-label={label} aria-busy={loading}>
        {reels.map((reel, index) => {
          const isActive = index === active;
          const expectPlay = isActive && (asked === "play" || (asked === null && autoplay !== false));
          const author = reel.author.username;
          return (
            <ReelItem
              key={reel.id}
              reel={reel}
              index={index}
              shouldPlay={isActive ? (asked === null ? autoplay : asked === "play") : false}
              expectPlay={expectPlay}
              muted={muted}
              preload={
                policy.saveData
                  ? "none"
                  : isActive
                    ? (autoplay ?? startsItself)
                      ? "auto"
                      : "metadata"
                    : index === active + 1 && readsAhead
                      ? "metadata"
                      : "none"
              }
              first={
                index === 0
                  ? { autoplay: startsItself, guard: startsItself && playback.reducedMotion === null }
                  : undefined
              }
              drawn={index <= furthest + DRAWN_AHEAD}
              showPoster={index <= furthest + (readsAhead ? 1 : 0)}
              hint={index === 0 && !moved && reels.length > 1}
              following={(author ? followed.get(author) : undefined) ?? reel.following_author === true}
              onFollowChange={(username, following) =>
                setFollowed((known) => new Map(known).set(username, following))
              }
              onTogglePlay={togglePlay}
              onToggleMute={() => setMuted((was) => !was)}
              onBlocked={(blocked) => {
                if (blocked === active) setAsked("pause");
              }}
              register={register}
              position={index + 1}
              setSize={cursor ? -1 : reels.length}
            />
          );
        })}
      </div>
      <div className="flex h-32 snap-end flex-col items-center justify-center gap-2 bg-surface px-4">
        <LoadMore
          paging={paging}
          end={<p className="text-ink-muted text-sm">{t("You're all caught up!")}</p>}
        />
      </div>
    </div>
  );
}

import { startTransition, useEffect, useState } from "react";
import { type PlaybackHints, playbackCookie } from "~/lib/http/playback";

export interface PlaybackPolicy {
  /** Whether the reel in view starts by itself: null while the server did not know and the browser is not yet read
   * (the server's HTML autoplays then, and its guard script has already stopped it if it must not). */
  autoplay: boolean | null;
  /** The viewer asked for less data: nothing is preloaded. */
  saveData: boolean;
  /** The viewer asked for less motion: no autoplay, and no smooth scrolling between reels. */
  reducedMotion: boolean;
}

const REDUCE_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Whether reels autoplay: not under prefers-reduced-motion, nor with a data saver on. It starts from what the server
 * knew (the request's hints or the playback cookie), so hydration agrees with the server's HTML, then reads the
 * browser (matchMedia, navigator.connection.saveData), writes the cookie when it says something new, so the next
 * page's HTML is right from the start (ADR 040), and follows a change of the motion setting while the page is open.
 */
export function usePlaybackPolicy(hints: PlaybackHints): PlaybackPolicy {
  const [policy, setPolicy] = useState<PlaybackPolicy>({
    autoplay:
      hints.saveData || hints.reducedMotion === true ? false : hints.reducedMotion === false ? true : null,
    saveData: hints.saveData,
    reducedMotion: hints.reducedMotion === true,
  });
  useEffect(() => {
    const motion = window.matchMedia(REDUCE_MOTION);
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    const update = () => {
      // The header alone is not kept: the cookie says what this browser says, which a header can only add to.
      const browserSaveData = connection?.saveData === true;
      const saveData = hints.saveData || browserSaveData;
      const read = { autoplay: !motion.matches && !saveData, saveData, reducedMotion: motion.matches };
      // A transition, and the same object when nothing changed: a new one on mount re-rendered every reel of the feed
      // at once, right after hydration, in a task React could not slice (ADR 061).
      startTransition(() => setPolicy((known) => (samePolicy(known, read) ? known : read)));
      const cookie = playbackCookie({ saveData: browserSaveData, reducedMotion: motion.matches });
      if (document.cookie.split(/;\s*/).includes(cookie.split(";")[0] ?? "")) return;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, and playbackCookie builds the whole value.
      document.cookie = cookie;
    };
    update();
    motion.addEventListener("change", update);
    return () => motion.removeEventListener("change", update);
  }, [hints.saveData]);
  return policy;
}

function samePolicy(a: PlaybackPolicy, b: PlaybackPolicy): boolean {
  return a.autoplay === b.autoplay && a.saveData === b.saveData && a.reducedMotion === b.reducedMotion;
}

import { useEffect, useState } from "react";

export interface PlaybackPolicy {
  /** Whether the reel in view starts by itself: null until the browser is asked (server render, hydration). */
  autoplay: boolean | null;
  /** The viewer asked for less data: nothing is preloaded. */
  saveData: boolean;
  /** The viewer asked for less motion: no autoplay, and no smooth scrolling between reels. */
  reducedMotion: boolean;
}

const REDUCE_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Whether reels autoplay: not under prefers-reduced-motion, nor with a data saver on (the Save-Data request header
 * the page's loader heard, or navigator.connection.saveData where the browser has it). Follows a change of the
 * motion setting while the page is open.
 */
export function usePlaybackPolicy(saveDataHeader: boolean): PlaybackPolicy {
  const [policy, setPolicy] = useState<PlaybackPolicy>({
    autoplay: saveDataHeader ? false : null,
    saveData: saveDataHeader,
    reducedMotion: false,
  });
  useEffect(() => {
    const motion = window.matchMedia(REDUCE_MOTION);
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    const update = () => {
      const saveData = saveDataHeader || connection?.saveData === true;
      setPolicy({ autoplay: !motion.matches && !saveData, saveData, reducedMotion: motion.matches });
    };
    update();
    motion.addEventListener("change", update);
    return () => motion.removeEventListener("change", update);
  }, [saveDataHeader]);
  return policy;
}

// Whether a page may start a video by itself, decided from the request so that the server's HTML can carry
// `autoplay` and the browser starts the first reel before any JavaScript runs (ADR 040). Two sources, the browser's
// own words first: the request's hints (`Save-Data: on`; `Sec-CH-Prefers-Reduced-Motion`, which Chromium sends
// once a page answered `Accept-CH` for it) and the cookie the page writes once it has read the same settings in the
// browser (every other browser, and Chromium's first request).
import { cookieValue } from "./cookie";
import { ONE_YEAR_SECONDS, setCookie } from "./set-cookie";

export const PLAYBACK_COOKIE = "nukkad-playback";
/** The hint pages that play video ask the browser for. */
export const REDUCED_MOTION_HINT = "Sec-CH-Prefers-Reduced-Motion";

export interface PlaybackHints {
  /** A data saver is on: nothing starts and nothing is preloaded. */
  saveData: boolean;
  /** The viewer asked for less motion; null when neither a hint nor the cookie said (a first visit). */
  reducedMotion: boolean | null;
}

/** The cookie's value: the settings that are on, joined by '.', or 'none'. */
const REDUCE = "reduce-motion";
const SAVE = "save-data";

export function playbackHints(request: Request): PlaybackHints {
  const cookie = readCookie(request.headers.get("Cookie"));
  const saveData =
    request.headers.get("Save-Data")?.trim().toLowerCase() === "on" || cookie?.saveData === true;
  const hint = request.headers.get(REDUCED_MOTION_HINT)?.trim().toLowerCase();
  const reducedMotion =
    hint === "reduce" ? true : hint === "no-preference" ? false : (cookie?.reducedMotion ?? null);
  return { saveData, reducedMotion };
}

/** Whether the server's HTML starts the reel in view: yes unless the request says less data or less motion. When the
 * motion setting is unknown it does, and the page's inline guard stops it before a byte is fetched if the browser
 * says otherwise (`firstReelGuard`). */
export const serverAutoplay = (hints: PlaybackHints) => !hints.saveData && hints.reducedMotion !== true;

export function playbackCookie(settings: { saveData: boolean; reducedMotion: boolean }): string {
  const on = [settings.reducedMotion ? REDUCE : null, settings.saveData ? SAVE : null].filter(Boolean);
  return setCookie(PLAYBACK_COOKIE, on.length > 0 ? on.join(".") : "none", { maxAge: ONE_YEAR_SECONDS });
}

function readCookie(header: string | null): { saveData: boolean; reducedMotion: boolean } | null {
  const value = cookieValue(header, PLAYBACK_COOKIE);
  if (value === undefined) return null;
  const on = value.split(".");
  if (!on.every((token) => token === REDUCE || token === SAVE || token === "none")) return null;
  return { reducedMotion: on.includes(REDUCE), saveData: on.includes(SAVE) };
}

/**
 * What a page that plays video answers with: Chromium is asked for the motion hint on its next requests, and caches
 * learn that the HTML changes with the hints. No Critical-CH: it would make Chromium send a first visit's request
 * twice (a round trip before anything shows), where the guard script covers that visit.
 */
export const playbackHeaders: Record<string, string> = {
  "Accept-CH": REDUCED_MOTION_HINT,
  Vary: `${REDUCED_MOTION_HINT}, Save-Data`,
};

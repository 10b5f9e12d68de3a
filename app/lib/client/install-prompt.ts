// When Nukkad offers to be installed (issue 23): after a moment of value, a second visit or a first bookmark, never
// on the first load, and not again for 30 days once dismissed. Kept in localStorage.

export const DISMISS_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
const VISITS_KEY = "nukkad:visits";
const DISMISSED_KEY = "nukkad:install-dismissed-at";
const SESSION_KEY = "nukkad:visit-counted";

export interface InstallMoment {
  /** Browser sessions that opened Nukkad, this one included. */
  visits: number;
  /** Whether the person bookmarked a stall since this page loaded (their count went up from nothing). */
  firstBookmark: boolean;
  dismissedAt: number | null;
  now: number;
}

export function shouldOfferInstall({ visits, firstBookmark, dismissedAt, now }: InstallMoment): boolean {
  if (dismissedAt !== null && now - dismissedAt < DISMISS_DAYS * DAY_MS) return false;
  return visits >= 2 || firstBookmark;
}

/** Counts this browser session as a visit once, and returns the visits so far. */
export function countVisit(local: Storage, session: Storage): number {
  const visits = Number(local.getItem(VISITS_KEY)) || 0;
  if (session.getItem(SESSION_KEY)) return Math.max(visits, 1);
  session.setItem(SESSION_KEY, "1");
  local.setItem(VISITS_KEY, String(visits + 1));
  return visits + 1;
}

export function dismissedAt(local: Storage): number | null {
  const value = Number(local.getItem(DISMISSED_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function rememberDismissal(local: Storage, now: number): void {
  local.setItem(DISMISSED_KEY, String(now));
}

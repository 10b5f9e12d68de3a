// A trail's limits, apart from the schemas that enforce them: pages that only show a limit (Home's Feeling Hungry,
// the bookmarks' Make a Food Trail) then do not download zod with it.

export const TRAIL_MIN_STOPS = 2;
export const TRAIL_MAX_STOPS = 12;
export const GENERATE_MIN_STOPS = 2;
export const GENERATE_MAX_STOPS = 8;
export const GENERATE_DEFAULT_STOPS = 3;
export const TRAIL_TITLE_MAX_LENGTH = 80;
export const TRAIL_DESCRIPTION_MAX_LENGTH = 1000;
export const TRAIL_NOTE_MAX_LENGTH = 280;

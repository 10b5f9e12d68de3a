import { msg } from "~/lib/i18n/translate";

// What Add a Stall's form shows and does with its fields in the browser, without zod (ADR 056): stall-form.ts checks
// the same limits.

export const MAX_NAME_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_ADDRESS_LENGTH = 300;
export const MAX_TAGS = 15;
export const MAX_TAG_LENGTH = 30;
export const MAX_PHOTOS = 6;

// Whole sentences, with the limits above written in, so each is one message of the catalogues (ADR 019).
export const TAG_TOO_LONG = msg("Tags are at most 30 characters");
export const TOO_MANY_TAGS = msg("At most 15 tags");

export type TagAddResult = { ok: true; tags: string[] } | { ok: false; error: string };

/** Adds a typed tag: trimmed, not empty, not already selected (ignoring case), within the limits. */
export function addCustomTag(selected: string[], typed: string): TagAddResult {
  const tag = typed.trim().replace(/\s+/g, " ");
  if (tag === "") return { ok: false, error: msg("Type a tag first") };
  if (tag.length > MAX_TAG_LENGTH) return { ok: false, error: TAG_TOO_LONG };
  if (selected.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
    return { ok: false, error: msg("That tag is already selected") };
  }
  if (selected.length >= MAX_TAGS) return { ok: false, error: TOO_MANY_TAGS };
  return { ok: true, tags: [...selected, tag] };
}

/** For the schedule editor: a close earlier than the open time means the stall closes after midnight. */
export function closesAfterMidnight(open: string, close: string): boolean {
  return /^\d\d:\d\d$/.test(open) && /^\d\d:\d\d$/.test(close) && close < open;
}

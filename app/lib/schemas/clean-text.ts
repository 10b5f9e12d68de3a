import { z } from "zod";
import { msg } from "~/lib/i18n/translate";

// Text people type is stored and shown to others, so what cannot be seen is refused rather than kept: control
// characters (SQLite's length() stops at NUL, and they break headers and layouts), direction overrides that
// make text read differently from what was stored, lone UTF-16 surrogates (half an emoji, not storable as
// UTF-8) and text that is nothing but zero-width characters.

/** C0 controls, DEL and C1 controls. */
const SINGLE_LINE_CONTROL = /\p{Cc}/u;
/** Multi-line text keeps tab and line feed; a browser sends a textarea's line breaks as CR LF. */
const MULTI_LINE_CONTROL = /(?![\t\n])\p{Cc}/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/g;
const LONE_SURROGATE = /\p{Cs}/u;

export const CONTROL_CHARACTERS = "Remove the invisible control characters from this text";
export const DIRECTION_CHARACTERS = "Remove the text-direction characters from this text";
export const INVISIBLE_ONLY = "Enter some visible text";
export const BROKEN_CHARACTER = "This text holds a broken character; please type it again";

export interface CleanTextOptions {
  /** The message for a value that is missing or not text. */
  error?: string;
  /** Keeps line feeds and tabs (descriptions, reviews, notes). */
  multiline?: boolean;
}

/**
 * A trimmed text field for every input schema (forms and API alike): chain .min() and .max() after it. Empty
 * text passes, so optional fields stay optional; required ones say so with .min(1, ...).
 */
export function cleanText({ error, multiline = false }: CleanTextOptions = {}) {
  const control = multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL;
  return z
    .string(error === undefined ? undefined : { error })
    .overwrite((value) => (multiline ? value.replace(/\r\n?/g, "\n") : value))
    .trim()
    .refine((value) => !control.test(value), CONTROL_CHARACTERS)
    .refine((value) => !BIDI_CONTROL.test(value), DIRECTION_CHARACTERS)
    .refine((value) => !LONE_SURROGATE.test(value), BROKEN_CHARACTER)
    .refine((value) => value === "" || value.replace(INVISIBLE, "") !== "", INVISIBLE_ONLY);
}

/** Text that must be given: `missing` when it is empty (or not text), `tooLong` past `max` characters. */
export const requiredText = (missing: string, max: number, tooLong: string, multiline = false) =>
  cleanText({ error: missing, multiline }).min(1, missing).max(max, tooLong);

/** Why someone reports a post, a comment, a review or a reel, in their own words (`missing` when they gave none);
 * at most REPORT_REASON_MAX_LENGTH (community.ts) characters. */
export const reportReasonText = (missing: string) =>
  requiredText(missing, 1000, msg("Reasons can be up to 1000 characters"), true);

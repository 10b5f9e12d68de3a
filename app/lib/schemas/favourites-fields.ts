import { msg } from "~/lib/i18n/translate";

// A saved stall's note limit, without zod (ADR 056): the note's field shows it, favourites.ts checks it.

export const NOTE_MAX_LENGTH = 1000;
export const NOTE_TOO_LONG = msg("Notes can be up to 1000 characters");

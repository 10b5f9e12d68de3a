import { msg, type Translate } from "~/lib/i18n/translate";

/** The name a deleted account's public stalls, reviews and trails are shown under (ADR 021): its profile keeps it. */
export const DELETED_USER_NAME = msg("Deleted user");

/** An author's name as shown: a deleted account's in the page's language, anyone else's as they wrote it. */
export const authorName = (t: Translate, name: string) =>
  name === DELETED_USER_NAME ? t(DELETED_USER_NAME) : name;

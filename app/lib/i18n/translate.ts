import { type I18n, type Messages, setupI18n } from "@lingui/core";

/** Values an ICU message fills in: `{count, plural, one {# stall} other {# stalls}}` takes { count }. */
export type MessageValues = Record<string, string | number>;

/**
 * A translator for one language: its own instance, never a shared global (requests of both languages run at once).
 * `language` is a plain string: the option tables import `msg` from here, and languages.ts imports from them.
 */
export function createI18n(language: string, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    messages: { [language]: messages },
    // A message the catalogue lacks is its English key: every plain English text (English needs no entries for
    // those) and a server's answer written at run time. Without this Lingui warns on the console for each.
    missing: (_language, id) => id,
  });
}

/**
 * Marks an English text as a message where it is written down but translated later (a label in a table, a
 * schema's error, a model's refusal): `t(msg("Closed for good"))` at display time. The extraction check reads it.
 */
export function msg(text: string): string {
  return text;
}

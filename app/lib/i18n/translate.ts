import { type I18n, type Messages, setupI18n } from "@lingui/core";

/** Values an ICU message fills in: `{count, plural, one {# stall} other {# stalls}}` takes { count }. */
export type MessageValues = Record<string, string | number>;

/** A message in one language: `t("Open now")`, `t("{count, plural, one {# stall} other {# stalls}}", { count })`. */
export type Translate = (message: string, values?: MessageValues) => string;

/**
 * A translator for one language: its own instance, never a shared global (requests of both languages run at once).
 * `language` is a plain string: the option tables import `msg` from here, and languages.ts imports from them.
 */
export function createI18n(language: string, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    messages: { [language]: messages },
    // A message the catalogue lacks is shown as it is: every plain English text (English needs no entries for
    // those), and a text with values the server already wrote in the page's language. Without this Lingui warns
    // on the console for each.
    missing: (_language, id) => id,
  });
}

// Between a message and its values when they travel as one string (msg with values).
const VALUES_MARK = "\uE001";

/**
 * Marks an English text as a message where it is written down but translated later (a label in a table, a
 * schema's error, a model's refusal, an action's answer): `t(text)` where it is shown. A message with values known
 * only at run time carries them along, `msg('"{name}" is live now.', { name })`, as one string that `t` reads
 * back, so it can go wherever a plain text goes (a toast, a field's error) and still be translated there. The
 * extraction check reads the literal.
 */
export function msg(text: string, values?: MessageValues): string {
  return values ? `${text}${VALUES_MARK}${JSON.stringify(values)}` : text;
}

/** A message in `i18n`'s language, with `values` or the ones `msg` gave it. */
export function translate(i18n: I18n, message: string, values?: MessageValues): string {
  const mark = message.indexOf(VALUES_MARK);
  if (values || mark < 0) return i18n._(message, values);
  return i18n._(message.slice(0, mark), JSON.parse(message.slice(mark + 1)) as MessageValues);
}

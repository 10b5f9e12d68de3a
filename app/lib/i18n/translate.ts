/** Values an ICU message fills in: `{count, plural, one {# stall} other {# stalls}}` takes { count }. */
export type MessageValues = Record<string, string | number>;

/** A message in one language: `t("Open now")`, `t("{count, plural, one {# stall} other {# stalls}}", { count })`. */
export type Translate = (message: string, values?: MessageValues) => string;

/**
 * One message as Lingui's compiler writes it into a catalogue (vite-i18n-catalogues.ts): its text, a value's name
 * (`["name"]`), or a plural or select with a message for each case (`["count", "plural", { one: [...], ... }]`),
 * where `#` stands for the plural's number.
 */
type CompiledMessage = string | readonly Token[];
type Token =
  | string
  | readonly [name: string, type?: "plural" | "select", cases?: Record<string, CompiledMessage>];
export type Messages = Record<string, CompiledMessage>;

/** The messages of one language and the means to write them: one per language, never shared state to switch. */
export interface I18n {
  readonly language: string;
  readonly messages: Messages;
  /** `message` in this language with `values` in it; a message the catalogue lacks is shown as it is. */
  _(message: string, values?: MessageValues): string;
}

/**
 * A translator of Lingui's compiled catalogues (ADR 059), written for the two kinds of part the catalogues hold, so
 * that every page does not download Lingui's runtime (its formatters, events and message descriptors) to run them.
 * `translate.test.ts` holds it to Lingui's own output for every message of every catalogue.
 */
export function createI18n(language: string, messages: Messages): I18n {
  // As Lingui: the language's rules, English's where the browser has none.
  const plurals = new Intl.PluralRules([language, "en"]);
  // Made on the first number it is needed for: a browser's first NumberFormat loads its number data, 50-150 ms of a
  // phone's main thread (measured at 4x CPU), and a whole number under 1,000 is written the same in both languages.
  let numbers: Intl.NumberFormat | undefined;
  const written = (count: number) => {
    if (Number.isInteger(count) && Math.abs(count) < 1000) return String(count);
    numbers ??= new Intl.NumberFormat([language, "en"]);
    return numbers.format(count);
  };
  const write = (message: CompiledMessage, values: MessageValues, count?: string): string =>
    typeof message === "string"
      ? message
      : message
          .map((token) => {
            if (typeof token === "string") return token === "#" && count !== undefined ? count : token;
            const [name, type, cases = {}] = token;
            const value = values[name];
            if (type === "select") return write(cases[value as string] ?? cases.other ?? "", values);
            if (type !== "plural") return value ?? "";
            // An exact case (`=0 {...}`, compiled as "0") before the language's category.
            const chosen =
              cases[value as number] ?? cases[plurals.select(Number(value))] ?? cases.other ?? "";
            return write(chosen, values, written(Number(value)));
          })
          .join("");
  return {
    language,
    messages,
    // Plain English texts are no entries of their own (English is the key), so a missing message is shown as it is.
    // Own entries only: a text such as "constructor" is no message. Unlike Lingui, nothing is decoded afterwards
    // (Lingui turns "\u0041" into "A" anywhere in the result, a person's own text among it).
    _: (message, values = {}) =>
      write((Object.hasOwn(messages, message) && messages[message]) || message, values),
  };
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

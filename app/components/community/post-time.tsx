import { useLocale } from "~/components/use-locale";
import { formatDay, formatMoment } from "~/lib/rules/time-format";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];
/** Past a week a date says more than "5 days ago". */
const RELATIVE_DAYS = 7;

// Building a formatter costs far more than using one (a feed draws twenty times): one per locale is kept.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style: "narrow", numeric: "auto" });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** "2 hr ago" in the page's locale (Intl), the full date and time on hover and to screen readers' date reading. */
export function PostTime({ at, className = "" }: { at: string; className?: string }) {
  const locale = useLocale();
  const instant = new Date(at);
  const seconds = Math.max(0, (Date.now() - instant.getTime()) / 1000);
  let text: string;
  if (seconds >= RELATIVE_DAYS * 86_400) text = formatDay(instant, locale);
  else {
    const format = relativeFormat(locale);
    const [unit, size] = UNITS.find(([, size]) => seconds >= size) ?? ["second", 1];
    text = unit === "second" ? format.format(0, "second") : format.format(-Math.floor(seconds / size), unit);
  }
  return (
    // The server's clock and the browser's differ by the page's age: the text may move on a minute.
    <time dateTime={at} title={formatMoment(instant, locale)} suppressHydrationWarning className={className}>
      {text}
    </time>
  );
}

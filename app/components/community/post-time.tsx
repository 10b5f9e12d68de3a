import { useDrawnByServer } from "~/components/use-hydrated";
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

/** What the browser writes into a time the server drew: nothing, so the server's words stay. */
const SERVER_WORDS = { __html: "" };

/** "2 hr ago" in the page's locale (Intl), the full date and time on hover and to screen readers' date reading. */
export function PostTime({ at, className = "" }: { at: string; className?: string }) {
  const locale = useLocale();
  // A time in the server's HTML keeps the server's words and title: writing them again would build two of Intl's
  // formatters in the middle of hydrating (a phone's first one costs 50-150 ms), for the same words but a minute or
  // so. A time the browser draws (a page read later) is written here.
  const drawnByServer = useDrawnByServer();
  if (drawnByServer && !import.meta.env.SSR) {
    return (
      <time
        dateTime={at}
        suppressHydrationWarning
        className={className}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: React leaves the server's text as it is.
        dangerouslySetInnerHTML={SERVER_WORDS}
      />
    );
  }
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

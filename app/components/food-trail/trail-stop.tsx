import { Link } from "@remix-run/react";
import { Clock, Footprints } from "lucide-react";
import type { LiHTMLAttributes, ReactNode } from "react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { StallImage } from "~/components/stall/stall-image";
import { useLabel } from "~/components/use-label";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import type { OpenState } from "~/lib/rules/open-status";
import { ArrivalBadge } from "./arrival-badge";
import { formatArrival } from "./zoned-time";

export interface StopTiming {
  legKm: number | null;
  legMinutes: number | null;
  arrivesAt: Date | string;
  openOnArrival: OpenState;
  openAtStart: boolean;
}

export interface TrailStopProps {
  number: number;
  stall: {
    id: string;
    name: string;
    location: string;
    thumbnail_image: string | null;
    category: string | null;
  };
  /** The walk to this stop and the arrival; null until the start time is known (the editor reads "now" after
   * hydration). */
  timing: StopTiming | null;
  timeZone: string;
  note?: string | null;
  /** The editor's controls for this stop. */
  children?: ReactNode;
  /** The editor's reordering: where the stop is drawn while dragged. */
  itemProps?: LiHTMLAttributes<HTMLLIElement> & { "data-stop"?: string };
}

/** One stop of a trail, as a list item: its number, the stall, the walk to it, when you get there and whether it is
 * open then. */
export function TrailStop({ number, stall, timing, timeZone, note, children, itemProps }: TrailStopProps) {
  const t = useT();
  const label = useLabel();
  return (
    <li
      {...itemProps}
      className={`rounded-xl border border-border bg-surface p-3 shadow-sm ${itemProps?.className ?? ""}`}
    >
      <div className="flex gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
        >
          {number}
        </span>
        <StallImage
          src={stall.thumbnail_image}
          alt=""
          className="hidden size-16 shrink-0 rounded-lg object-cover sm:block"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="font-semibold leading-tight">
            <span className="sr-only">{t("Stop {number}:", { number })} </span>
            <Link to={`/stall/${stall.id}`} className="hover:underline">
              {stall.name}
            </Link>
          </h3>
          <p className="line-clamp-1 text-ink-muted text-sm">
            {stall.category ? `${label(stall.category)} · ` : ""}
            {stall.location}
          </p>
          {timing ? <StopTimingLine timing={timing} timeZone={timeZone} /> : null}
          {note ? (
            <p className="whitespace-pre-line rounded-lg bg-surface-muted p-2 text-sm">{note}</p>
          ) : null}
        </div>
      </div>
      {children}
    </li>
  );
}

function StopTimingLine({ timing, timeZone }: { timing: StopTiming; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const formatDistance = useFormatDistance();
  const { legKm, legMinutes } = timing;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1">
        <Footprints aria-hidden="true" className="size-4 text-primary" />
        {legKm !== null && legMinutes !== null
          ? t("{distance} walk, {minutes} min", { distance: formatDistance(legKm), minutes: legMinutes })
          : t("Start here")}
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4 text-primary" />
        {t("Arrive at {time}", { time: formatArrival(timing.arrivesAt, locale, timeZone) })}
      </span>
      <ArrivalBadge state={timing.openOnArrival} openAtStart={timing.openAtStart} />
    </p>
  );
}

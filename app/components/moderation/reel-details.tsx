import { Link } from "@remix-run/react";
import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import type { ModeratedReel } from "~/models/reel/reel.server";

const BYTES_PER_MB = 1_000_000;

/**
 * A reel as a moderator judges it, in either reel queue: the video itself, playable (only its metadata and poster
 * load until the moderator presses play, so a page of ten costs little), beside what it says it is: the caption, the
 * pinned stall and its area, its length and size, and `byline` (who uploaded it, and when).
 */
export function ReelDetails({ reel, byline }: { reel: ModeratedReel; byline: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const seconds = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "second",
    unitDisplay: "long",
    maximumFractionDigits: 1,
  }).format(reel.duration_ms / 1000);
  const megabytes = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  }).format(reel.video_bytes / BYTES_PER_MB);
  return (
    <div className="mt-3 flex flex-col gap-4 sm:flex-row">
      {/* biome-ignore lint/a11y/useMediaCaption: reels are uploaded without caption tracks; the moderator is judging the clip itself. */}
      <video
        controls
        preload="metadata"
        playsInline
        poster={reel.poster_url}
        width={reel.width ?? 720}
        height={reel.height ?? 1280}
        aria-label={t("Reel of {name}", { name: reel.stall.name })}
        className="h-auto max-h-[28rem] w-full max-w-56 shrink-0 self-center rounded-xl bg-black object-contain sm:self-start"
      >
        <source src={reel.video_url} type={reel.video_type} />
      </video>
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        <p className="text-ink-muted">{byline}</p>
        <dl className="space-y-2">
          <div>
            <dt className="font-semibold">{t("Stall")}</dt>
            <dd>
              <Link to={`/stall/${reel.stall.id}`} className="font-semibold text-primary-strong underline">
                {reel.stall.name}
              </Link>
              <span className="mt-0.5 flex items-start gap-1 text-ink-muted">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {reel.stall.location}
              </span>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t("Caption")}</dt>
            <dd className="whitespace-pre-line break-words">{reel.caption || t("None given")}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("Video")}</dt>
            <dd>
              {t("{seconds}, {size}", { seconds, size: megabytes })}
              {reel.width && reel.height ? (
                <span className="text-ink-muted">
                  {" "}
                  ({reel.width} × {reel.height})
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

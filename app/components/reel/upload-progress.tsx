import { X } from "lucide-react";
import { type Ref, useId } from "react";
import { useT } from "~/components/use-t";

/** Screen readers hear the progress every this many percent, not on every event. */
const ANNOUNCE_STEP = 25;

/** The upload's progress bar with its percent, and Cancel. */
export function UploadProgress({
  percent,
  finishing,
  cancelRef,
  onCancel,
}: {
  percent: number;
  /** Every part has gone; the server is checking the video and making the reel. */
  finishing: boolean;
  cancelRef: Ref<HTMLButtonElement>;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const announced = Math.floor(percent / ANNOUNCE_STEP) * ANNOUNCE_STEP;
  return (
    <div className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={`${id}-label`} className="font-semibold">
          {t("Uploading your reel")}
        </span>
        <span aria-hidden="true" className="font-semibold tabular-nums">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("{percent}% uploaded", { percent })}
        className="mt-2 h-3 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" className="mt-2 text-ink-muted text-sm">
        {finishing
          ? t("Checking the video and saving your reel...")
          : announced > 0
            ? t("{percent}% uploaded", { percent: announced })
            : null}
      </p>
      <button
        ref={cancelRef}
        type="button"
        // Too late to cancel once every part has gone; aria-disabled rather than disabled, which would drop the focus.
        onClick={finishing ? undefined : onCancel}
        aria-disabled={finishing || undefined}
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-5 font-semibold aria-disabled:opacity-60"
      >
        <X aria-hidden="true" className="size-4" />
        {t("Cancel upload")}
      </button>
    </div>
  );
}

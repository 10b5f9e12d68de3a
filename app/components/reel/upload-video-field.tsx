import { Camera, Film, LoaderCircle } from "lucide-react";
import type { ChangeEvent } from "react";
import { FieldError } from "~/components/form/field";
import { useT } from "~/components/use-t";
import { REEL_VIDEO_TYPES } from "~/lib/schemas/reels";

const ACCEPT = REEL_VIDEO_TYPES.join(",");

export type VideoFieldState =
  | { status: "empty" }
  | { status: "checking"; remuxing: boolean }
  | { status: "ready"; posterUrl: string; fileName: string };

const BUTTON_CLASS =
  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-primary px-4 font-semibold text-primary-strong text-sm focus-within:outline-2 focus-within:outline-focus hover:bg-surface-muted has-[:disabled]:cursor-default has-[:disabled]:opacity-60";

/**
 * The reel's video: chosen from the phone (or computer), or recorded with the camera there and then, then shown by
 * its poster frame. Two inputs, since `capture` makes a phone open the camera without offering its gallery.
 */
export function UploadVideoField({
  id,
  state,
  error,
  disabled,
  onFile,
}: {
  /** The first input's id (the label's, and where focus goes when the field is refused). */
  id: string;
  state: VideoFieldState;
  error: string | undefined;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const t = useT();
  const errorId = `${id}-error`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a refusal) is a change again.
    event.target.value = "";
    if (file) onFile(file);
  };
  const describedBy = `${id}-hint ${id}-status${error ? ` ${errorId}` : ""}`;
  const checking = state.status === "checking";
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="font-medium text-sm">
        {t("Video")}
        <span aria-hidden="true" className="text-closed">
          {" "}
          *
        </span>
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-ink-muted text-sm">
        {t("MP4 or WebM, up to 60 seconds and 50 MB.")}
      </p>
      {state.status === "ready" ? (
        <figure className="mt-3 flex items-start gap-3">
          <img
            src={state.posterUrl}
            alt={t("Cover picture of your reel")}
            className="aspect-[9/16] w-28 shrink-0 rounded-lg border border-border bg-ink object-cover"
          />
          <figcaption className="min-w-0 break-words text-ink-muted text-sm">{state.fileName}</figcaption>
        </figure>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <label htmlFor={id} className={BUTTON_CLASS}>
          <Film aria-hidden="true" className="size-4" />
          {state.status === "ready" ? t("Choose another video") : t("Choose a video")}
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            disabled={disabled || checking}
            onChange={onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="sr-only"
          />
        </label>
        <label htmlFor={`${id}-record`} className={BUTTON_CLASS}>
          <Camera aria-hidden="true" className="size-4" />
          {t("Record a video")}
          <input
            id={`${id}-record`}
            type="file"
            accept={ACCEPT}
            capture="environment"
            disabled={disabled || checking}
            onChange={onChange}
            aria-describedby={describedBy}
            className="sr-only"
          />
        </label>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className="mt-2 flex items-center gap-2 text-ink-muted text-sm empty:hidden"
      >
        {checking ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {state.remuxing ? t("Preparing the video for streaming...") : t("Checking the video...")}
          </>
        ) : null}
      </p>
      <FieldError id={errorId} errors={error ? [error] : undefined} />
    </fieldset>
  );
}

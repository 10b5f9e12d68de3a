import { useNavigate } from "@remix-run/react";
import { Upload } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CharacterCount, FieldError } from "~/components/form/field";
import type { PinnedStall } from "~/components/stall/stall-pin-picker";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import { ReelUploadError, uploadReel } from "~/lib/client/reel-upload";
import { capturePoster, type PreparedReel, prepareReelVideo } from "~/lib/client/reel-video.client";
import { UPLOAD_FAILED } from "~/lib/http/image-type";
import { msg } from "~/lib/i18n/translate";
import { REEL_CAPTION_MAX_LENGTH, reelCreateSchema } from "~/lib/schemas/reels";
import { UploadProgress } from "./upload-progress";
import { UploadStallField } from "./upload-stall-field";
import { UploadVideoField, type VideoFieldState } from "./upload-video-field";

export const REEL_THANKS = msg("Thanks! Your reel will appear once a moderator approves it.");
const CHOOSE_VIDEO = msg("Please choose a video");
const WAIT_FOR_VIDEO = msg("Please wait until the video is checked");
const CHOOSE_STALL = msg("Please choose the stall this reel is about");
const NO_POSTER = msg(
  "This browser could not show a picture of this video, so it cannot be used as a reel here. Please try another video, or another browser.",
);
const CANCELLED = msg("Upload cancelled. Your video is still chosen.");

type FieldName = "video" | "stall" | "caption";
type Errors = Partial<Record<FieldName | "form", string>>;

/** The API's fields as this form shows them: the video's own problems (and the upload's) at the video. */
const FIELD_OF: Record<string, FieldName> = {
  video: "video",
  poster: "video",
  upload_id: "video",
  parts: "video",
  part: "video",
  stall_id: "stall",
  caption: "caption",
};

interface ChosenVideo {
  reel: PreparedReel;
  poster: Blob;
  posterUrl: string;
  fileName: string;
}

export interface ReelUploadFormProps {
  /** The stall the page was opened for (?stall=), approved; the member may choose another. */
  stall: PinnedStall | null;
}

/**
 * Adding a reel: a video (checked, remuxed to fast start if need be, and its poster drawn, all in the browser
 * before any upload), the stall it is about and a caption; then the upload with its progress and Cancel, and the
 * pending reel's page. Checked here with reelCreateSchema's messages; the server checks it all again.
 */
export default function ReelUploadForm({ stall }: ReelUploadFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const ids = { video: `${id}-video`, stall: `${id}-stall`, caption: `${id}-caption` };
  const [videoState, setVideoState] = useState<VideoFieldState>({ status: "empty" });
  const [video, setVideo] = useState<ChosenVideo | null>(null);
  const [pinned, setPinned] = useState<PinnedStall | null>(stall);
  const [caption, setCaption] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [upload, setUpload] = useState<{ percent: number } | null>(null);
  // Held past renders so that leaving the page can end the upload: nothing then toasts or brings the person back.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  // Closing or reloading the tab would lose the upload without a word: the browser asks first.
  const uploading = upload !== null;
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);
  const [notice, setNotice] = useState<string | null>(null);
  // Until the form's code has hydrated, Upload would post the page to itself: it waits.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // The file being checked now: a check that ends after another file was chosen is dropped.
  const choosing = useRef<File | null>(null);

  // The poster's object URL lives as long as its video is chosen.
  useEffect(() => (video ? () => URL.revokeObjectURL(video.posterUrl) : undefined), [video]);

  const focusField = (field: FieldName) => {
    const target =
      field === "stall"
        ? document.getElementById(ids.stall)?.querySelector<HTMLElement>("input, button")
        : document.getElementById(ids[field]);
    target?.focus();
  };

  /** Shows `next` (added to the messages shown when `merge`) and takes focus to the first field refused. */
  const showErrors = (next: Errors, merge = false) => {
    setErrors((shown) => (merge ? { ...shown, ...next } : next));
    const first = (["video", "stall", "caption"] as const).find((field) => next[field]);
    // After React has written the messages, so the field is read with its message.
    if (first) requestAnimationFrame(() => focusField(first));
  };

  async function onFile(file: File) {
    choosing.current = file;
    setVideo(null);
    setNotice(null);
    setErrors(({ video: _, ...rest }) => rest);
    setVideoState({ status: "checking", remuxing: false });
    const prepared = await prepareReelVideo(file, () => {
      if (choosing.current === file) setVideoState({ status: "checking", remuxing: true });
    });
    const poster = prepared.ok ? await capturePoster(prepared.reel.video) : null;
    if (choosing.current !== file) return;
    choosing.current = null;
    if (!prepared.ok || !poster) {
      setVideoState({ status: "empty" });
      showErrors({ video: prepared.ok ? NO_POSTER : prepared.message }, true);
      return;
    }
    const posterUrl = URL.createObjectURL(poster);
    setVideo({ reel: prepared.reel, poster, posterUrl, fileName: file.name });
    setVideoState({ status: "ready", posterUrl, fileName: file.name });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload) return;
    setNotice(null);
    const next: Errors = {};
    if (!video) next.video = videoState.status === "checking" ? WAIT_FOR_VIDEO : CHOOSE_VIDEO;
    if (!pinned) next.stall = CHOOSE_STALL;
    const checked = reelCreateSchema.shape.caption.safeParse(caption);
    if (!checked.success) next.caption = checked.error.issues[0]?.message;
    if (!video || !pinned || Object.keys(next).length > 0) return showErrors(next);
    setErrors({});
    const controller = new AbortController();
    running.current = controller;
    setUpload({ percent: 0 });
    // The form is disabled while it uploads: Cancel is what can be pressed.
    requestAnimationFrame(() => cancelRef.current?.focus());
    try {
      const reel = await uploadReel({
        video: video.reel.video,
        type: video.reel.type,
        stallId: pinned.id,
        caption,
        poster: video.poster,
        signal: controller.signal,
        onProgress: (percent) => setUpload((current) => current && { percent }),
      });
      if (controller.signal.aborted) return;
      notify.success(t(REEL_THANKS));
      navigate(`/reels/${encodeURIComponent(reel.id)}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      setUpload(null);
      if (error instanceof ReelUploadError) {
        const field = error.field ? FIELD_OF[error.field] : undefined;
        showErrors(field ? { [field]: error.message } : { form: error.message });
      } else showErrors({ form: UPLOAD_FAILED });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const cancel = () => {
    running.current?.abort();
    setUpload(null);
    setNotice(CANCELLED);
    requestAnimationFrame(() => submitRef.current?.focus());
  };

  const describedBy = (field: FieldName, extra = "") =>
    [extra, errors[field] ? `${ids[field]}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
      <fieldset disabled={upload !== null} className="space-y-6">
        <UploadVideoField
          id={ids.video}
          state={videoState}
          error={errors.video}
          disabled={upload !== null}
          onFile={(file) => void onFile(file)}
        />
        <UploadStallField
          id={ids.stall}
          pinned={pinned}
          error={errors.stall}
          onChange={(next) => {
            setPinned(next);
            if (next) setErrors(({ stall: _, ...rest }) => rest);
          }}
        />
        <div>
          <label htmlFor={ids.caption} className="block font-medium text-sm">
            {t("Caption")}
          </label>
          <p id={`${ids.caption}-hint`} className="text-ink-muted text-sm">
            {t("Say what is good here. #tags and @mentions are welcome.")}
          </p>
          <textarea
            id={ids.caption}
            name="caption"
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            rows={3}
            maxLength={REEL_CAPTION_MAX_LENGTH}
            aria-invalid={errors.caption ? true : undefined}
            aria-describedby={describedBy("caption", `${ids.caption}-hint ${ids.caption}-count`)}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <div id={`${ids.caption}-count`} className="flex justify-end">
            <CharacterCount length={caption.length} max={REEL_CAPTION_MAX_LENGTH} />
          </div>
          <FieldError id={`${ids.caption}-error`} errors={errors.caption ? [errors.caption] : undefined} />
        </div>
      </fieldset>
      <FieldError id={`${id}-form-error`} errors={errors.form ? [errors.form] : undefined} />
      {upload ? (
        <UploadProgress
          percent={upload.percent}
          finishing={upload.percent >= 100}
          cancelRef={cancelRef}
          onCancel={cancel}
        />
      ) : (
        <button
          ref={submitRef}
          type="submit"
          disabled={!ready}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-primary px-6 font-semibold text-primary-foreground disabled:opacity-60"
        >
          <Upload aria-hidden="true" className="size-5" />
          {t("Upload")}
        </button>
      )}
      <p role="status" className="text-ink-muted text-sm empty:hidden">
        {notice ? t(notice) : null}
      </p>
    </form>
  );
}

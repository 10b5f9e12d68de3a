import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { FieldError, type ListField } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { IDEMPOTENCY_FIELD, photoUploadKey } from "~/lib/http/idempotency";
import { SMALL_PHOTO_MAX_BYTES, SMALL_PHOTO_MAX_HEIGHT, SMALL_PHOTO_MAX_WIDTH } from "~/lib/http/image-size";
import { photoFileProblem, UPLOAD_FAILED } from "~/lib/http/image-type";
import { MAX_PHOTOS } from "~/lib/schemas/stall-form";

/** What the upload action (app/routes/add-stall.photo.ts) answers: with the stored photo's URL when it worked. */
export type PhotoAnswer = ActionAnswer & { url?: string };

type UploadState =
  | { status: "idle" }
  | { status: "uploading"; done: number; total: number }
  | { status: "error"; message: string };

/**
 * The Upload Photo section: idle, uploading, done or error; on error the chosen photo is cleared, so the form
 * never holds a photo that was not stored.
 * Photos go to R2 as soon as they are chosen; the form carries their URLs, the first being the stall's thumbnail.
 * Each upload carries an idempotency key made from the form's key and the file, so a retry stores one photo. The
 * chosen files go one after another, each a post to the upload action, with a small copy for phones when the
 * photo is wider than that.
 */
export function PhotoUploader({
  idempotencyKey,
  name,
  photos,
  onChange,
  errorId,
  errors,
}: ListField & {
  idempotencyKey: string;
  photos: string[];
  onChange: (photos: string[]) => void;
}) {
  const id = useId();
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const room = MAX_PHOTOS - photos.length;
  // The form's key as this fill began: the page's loader makes a new one whenever it reloads, after every upload
  // too, and a retried file must carry the key it was first sent with.
  const [fillKey] = useState(idempotencyKey);
  const upload = useActionFetcher<PhotoAnswer>({ inline: true });
  // The files of the current choice, and the URLs of those stored so far.
  const batch = useRef<{ files: File[]; uploaded: string[] } | null>(null);

  function finish(error: string | null) {
    const uploaded = batch.current?.uploaded ?? [];
    batch.current = null;
    if (inputRef.current) inputRef.current.value = "";
    onChange([...photos, ...uploaded]);
    setState(error ? { status: "error", message: error } : { status: "idle" });
  }

  async function sendNext() {
    const current = batch.current;
    if (!current) return;
    const index = current.uploaded.length;
    const file = current.files[index];
    if (!file) return finish(null);
    setState({ status: "uploading", done: index, total: current.files.length });
    const problem = photoFileProblem(file);
    if (problem) return finish(problem);
    const body = new FormData();
    body.append("image", file);
    const small = await smallCopy(file);
    if (small) body.append("small", small, "small");
    const key = await photoUploadKey(fillKey, file);
    if (key) body.append(IDEMPOTENCY_FIELD, key);
    upload.submit(body, { method: "post", action: "/add-stall/photo", encType: "multipart/form-data" });
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])].slice(0, room);
    if (files.length === 0) return;
    batch.current = { files, uploaded: [] };
    void sendNext();
  }

  // Each answer once it has settled: the next file goes, or the choice ends with what was stored so far.
  const answer = upload.state === "idle" ? upload.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer.
  useEffect(() => {
    if (!answer || !batch.current) return;
    if (!answer.ok || !answer.url) return finish(answer.message ?? UPLOAD_FAILED);
    batch.current.uploaded.push(answer.url);
    void sendNext();
  }, [answer]);

  const uploading = state.status === "uploading";
  return (
    <div>
      <p id={`${id}-hint`} className="text-ink-muted text-sm">
        {t(
          "Photos of the food and the stall only, please, not of people. JPEG, PNG or WebP, up to 5 MB each, at most {max}. The first photo is the stall's cover.",
          { max: MAX_PHOTOS },
        )}
      </p>
      {photos.length > 0 ? (
        <ul aria-label={t("Uploaded photos")} className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
          {photos.map((url, index) => (
            <li key={url} className="relative">
              <img
                src={url}
                alt={index === 0 ? t("Cover photo") : t("Photo {number}", { number: index + 1 })}
                className="aspect-square w-full rounded-lg border border-border object-cover"
              />
              {index === 0 ? (
                <span className="absolute bottom-1 left-1 rounded bg-ink/80 px-1.5 py-0.5 text-background text-xs">
                  {t("Cover")}
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => onChange(photos.filter((photo) => photo !== url))}
                aria-label={
                  index === 0 ? t("Remove cover photo") : t("Remove photo {number}", { number: index + 1 })
                }
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-surface text-ink shadow"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
              <input type="hidden" name={`${name}[${index}]`} value={url} />
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <label
          htmlFor={`${id}-file`}
          className="mt-3 flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-border border-dashed bg-surface-muted px-4 py-6 text-center focus-within:outline-2 focus-within:outline-focus hover:border-primary"
        >
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary-strong" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-primary-strong" />
          )}
          <span className="font-semibold text-primary-strong">
            {photos.length === 0 ? t("Choose photos") : t("Add more photos")}
          </span>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={uploading}
            onChange={onFiles}
            aria-describedby={`${id}-hint ${id}-status ${errorId}`}
            className="sr-only"
          />
        </label>
      ) : null}
      <div id={`${id}-status`} role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {uploading
          ? state.total > 1
            ? t("Uploading {number} of {total}...", { number: state.done + 1, total: state.total })
            : t("Uploading...")
          : photos.length > 0
            ? t("{count, plural, one {# photo uploaded} other {# photos uploaded}}", { count: photos.length })
            : null}
      </div>
      <div role="alert" className="text-closed text-sm">
        {state.status === "error" ? <p>{t(state.message)}</p> : null}
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A copy of `photo` SMALL_PHOTO_MAX_WIDTH wide, drawn here because the Worker has no image codec: WebP, or JPEG where
 * the browser cannot write WebP. Null when the photo is no wider, or so tall, large or unreadable that the server
 * would refuse the copy: the photo itself then serves phones too.
 */
export async function smallCopy(photo: File): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(photo);
    const width = SMALL_PHOTO_MAX_WIDTH;
    const height = Math.round((bitmap.height * width) / bitmap.width);
    if (bitmap.width <= width || height > SMALL_PHOTO_MAX_HEIGHT) {
      bitmap.close();
      return null;
    }
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.8));
    // A browser without a WebP encoder answers PNG, which is far larger than JPEG for a photo.
    const webp = await encode("image/webp");
    const copy = webp?.type === "image/webp" ? webp : await encode("image/jpeg");
    return copy && copy.size <= SMALL_PHOTO_MAX_BYTES ? copy : null;
  } catch {
    return null;
  }
}

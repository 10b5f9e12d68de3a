import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { BusyIcon } from "~/components/busy-icon";
import { FieldError, type ListField } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { IDEMPOTENCY_FIELD, photoUploadKey } from "~/lib/http/idempotency";
import { SMALL_PHOTO_MAX_BYTES, SMALL_PHOTO_MAX_HEIGHT, SMALL_PHOTO_MAX_WIDTH } from "~/lib/http/image-size";
import { photoFileProblem, UPLOAD_FAILED } from "~/lib/http/image-type";
import type { Translate } from "~/lib/i18n/translate";
import { MAX_PHOTOS } from "~/lib/schemas/stall-form-fields";

/** What the upload action (app/routes/add-stall.photo.ts) answers: with the stored photo's URL when it worked. */
export type PhotoAnswer = ActionAnswer & { url?: string };

/**
 * The Upload Photo section: idle, uploading, done or error; on error the chosen photo is cleared, so the form
 * never holds a photo that was not stored.
 * Photos go to R2 as soon as they are chosen; the form carries their URLs, the first being the stall's thumbnail.
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
  const room = MAX_PHOTOS - photos.length;
  // The form's key as this fill began: the page's loader makes a new one whenever it reloads, after every upload
  // too, and a retried file must carry the key it was first sent with.
  const [fillKey] = useState(idempotencyKey);
  const uploads = usePhotoUploads({ fillKey, photos, onChange, room });
  const { progress, error } = uploads;
  return (
    <div>
      <p id={`${id}-hint`} className="text-ink-muted text-sm">
        {t(
          "Photos of the food and the stall only, please, not of people. JPEG, PNG or WebP, up to 5 MB each, at most {max}. The first photo is the stall's cover.",
          { max: MAX_PHOTOS },
        )}
      </p>
      <PhotoList
        label={t("Uploaded photos")}
        photos={photos}
        onChange={onChange}
        name={name}
        cover
        className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6"
      />
      <ChoosePhotos
        uploads={uploads}
        room={room}
        describedBy={`${id}-hint ${id}-status ${errorId}`}
        className="mt-3 flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl border-2 border-border border-dashed bg-surface-muted px-4 py-6 text-center"
        iconClass="size-6"
      >
        <span className="font-semibold text-primary-strong">
          {photos.length === 0 ? t("Choose photos") : t("Add more photos")}
        </span>
      </ChoosePhotos>
      <div id={`${id}-status`} role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {progress
          ? uploadingText(t, progress)
          : photos.length > 0
            ? t("{count, plural, one {# photo uploaded} other {# photos uploaded}}", { count: photos.length })
            : null}
      </div>
      <div role="alert" className="text-closed text-sm">
        {error ? <p>{t(error)}</p> : null}
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

interface Progress {
  done: number;
  total: number;
}

/**
 * Photos stored as soon as they are chosen, through Add a Stall's upload action (its types, 5 MB and daily limits):
 * the chosen files (at most `room`) go one after another, each a post with a small copy for phones when the photo
 * is wider than that, and an idempotency key made from `fillKey` and the file, so a retry stores one photo.
 * `onChange` gets the photos with those stored; the first that fails ends the choice and says why (`error`).
 */
export function usePhotoUploads({
  fillKey,
  photos,
  onChange,
  room,
}: {
  fillKey: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  room: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useActionFetcher<PhotoAnswer>({ inline: true });
  // The files of the current choice, and the URLs of those stored so far.
  const batch = useRef<{ files: File[]; uploaded: string[] } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);

  function finish(problem: string | null) {
    const uploaded = batch.current?.uploaded ?? [];
    batch.current = null;
    if (input.current) input.current.value = "";
    onChange([...photos, ...uploaded]);
    setProgress(null);
    setError(problem);
  }

  async function sendNext() {
    const current = batch.current;
    if (!current) return;
    const index = current.uploaded.length;
    const file = current.files[index];
    if (!file) return finish(null);
    setProgress({ done: index, total: current.files.length });
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
    setError(null);
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

  return { input, progress, error, onFiles };
}

/** What the status line says while photos go up. */
export function uploadingText(t: Translate, { done, total }: Progress) {
  return total > 1 ? t("Uploading {number} of {total}...", { number: done + 1, total }) : t("Uploading...");
}

/**
 * The label that opens the file picker (its input hidden inside it), with the spinner while photos go up, the
 * add-a-photo icon otherwise; none once there is no room left.
 */
export function ChoosePhotos({
  uploads: { input, progress, onFiles },
  room,
  describedBy,
  className,
  iconClass,
  children,
}: {
  uploads: ReturnType<typeof usePhotoUploads>;
  room: number;
  describedBy: string;
  className: string;
  iconClass: string;
  children: ReactNode;
}) {
  const id = useId();
  if (room <= 0) return null;
  const uploading = progress !== null;
  return (
    <label
      htmlFor={id}
      className={`${className} cursor-pointer focus-within:outline-2 focus-within:outline-focus hover:border-primary`}
    >
      <BusyIcon busy={uploading} icon={ImagePlus} className={`${iconClass} text-primary-strong`} />
      {children}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploading}
        onChange={onFiles}
        aria-describedby={describedBy}
        className="sr-only"
      />
    </label>
  );
}

/**
 * The stored photos, each with its Remove button, posted as `name[i]`. With `cover`, the first is marked and named
 * as the cover.
 */
export function PhotoList({
  label,
  photos,
  onChange,
  name,
  cover = false,
  className,
}: {
  label: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  name: string;
  cover?: boolean;
  className: string;
}) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      {photos.map((url, index) => {
        const isCover = cover && index === 0;
        return (
          <li key={url} className="relative">
            <img
              src={url}
              alt={isCover ? t("Cover photo") : t("Photo {number}", { number: index + 1 })}
              className="aspect-square w-full rounded-lg border border-border object-cover"
            />
            {isCover ? (
              <span className="absolute bottom-1 left-1 rounded bg-ink/80 px-1.5 py-0.5 text-background text-xs">
                {t("Cover")}
              </span>
            ) : null}
            <button
              type="button"
              onClick={() => onChange(photos.filter((photo) => photo !== url))}
              aria-label={
                isCover ? t("Remove cover photo") : t("Remove photo {number}", { number: index + 1 })
              }
              className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-surface text-ink shadow"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
            <input type="hidden" name={`${name}[${index}]`} value={url} />
          </li>
        );
      })}
    </ul>
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

import { useRevalidator } from "@remix-run/react";
import { ImagePlus } from "lucide-react";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { IntentButton } from "~/components/form/intent-button";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { notify } from "~/lib/client/notify";
import { NOT_AN_IMAGE, photoFileProblem, UPLOAD_FAILED, UPLOAD_NETWORK_ERROR } from "~/lib/http/image-type";
import { DANGER_BUTTON, OUTLINE_BUTTON, PRIMARY_BUTTON } from "./account-section";

/** The preview's side in CSS pixels, and the stored picture's: enough for a sharp 80 px circle on a 3x screen. */
const PREVIEW_SIZE = 240;
const AVATAR_SIZE = 512;
const MAX_ZOOM = 3;
/** How far one arrow key moves the picture, as a share of the frame. */
const ARROW_STEP = 0.05;

interface Crop {
  zoom: number;
  /** The picture's shift from the centre, as shares of the frame's side. */
  x: number;
  y: number;
}

const CENTRED: Crop = { zoom: 1, x: 0, y: 0 };

/** The most the picture can move each way at `zoom` and still fill the square frame. */
function limits(image: HTMLImageElement, zoom: number) {
  const cover = Math.max(1 / image.naturalWidth, 1 / image.naturalHeight) * zoom;
  return {
    x: Math.max(0, (image.naturalWidth * cover - 1) / 2),
    y: Math.max(0, (image.naturalHeight * cover - 1) / 2),
  };
}

function clamp(image: HTMLImageElement, crop: Crop): Crop {
  const room = limits(image, crop.zoom);
  const within = (value: number, most: number) => Math.min(most, Math.max(-most, value));
  return { zoom: crop.zoom, x: within(crop.x, room.x), y: within(crop.y, room.y) };
}

/** Draws the square the frame shows onto a canvas of `size` pixels. */
function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, size: number) {
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) return;
  const scale = Math.max(size / image.naturalWidth, size / image.naturalHeight) * crop.zoom;
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  context.imageSmoothingQuality = "high";
  context.drawImage(
    image,
    (size - width) / 2 + crop.x * size,
    (size - height) / 2 + crop.y * size,
    width,
    height,
  );
}

/**
 * The profile picture: the current one (or the initials), then a chosen file cropped square in the browser (zoom
 * with the slider, move with the pointer or the arrow keys) and sent to POST /api/profile/avatar as a 512 px JPEG.
 */
export function AccountAvatar({ name, url }: { name: string; url: string | null }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>(CENTRED);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (image && preview.current) draw(preview.current, image, crop, PREVIEW_SIZE * window.devicePixelRatio);
  }, [image, crop]);

  function reset() {
    setImage(null);
    setCrop(CENTRED);
    if (input.current) input.current.value = "";
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setError(null);
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setError(problem);
      reset();
      return;
    }
    const source = URL.createObjectURL(file);
    const chosen = new Image();
    chosen.onload = () => {
      URL.revokeObjectURL(source);
      setCrop(CENTRED);
      setImage(chosen);
    };
    chosen.onerror = () => {
      URL.revokeObjectURL(source);
      setError(NOT_AN_IMAGE);
      reset();
    };
    chosen.src = source;
  }

  const move = (dx: number, dy: number) =>
    image && setCrop((current) => clamp(image, { ...current, x: current.x + dx, y: current.y + dy }));

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-ARROW_STEP, 0],
      ArrowRight: [ARROW_STEP, 0],
      ArrowUp: [0, -ARROW_STEP],
      ArrowDown: [0, ARROW_STEP],
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move(...step);
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    move((event.clientX - start.x) / PREVIEW_SIZE, (event.clientY - start.y) / PREVIEW_SIZE);
  }

  async function save() {
    if (!image) return;
    setSaving(true);
    setError(null);
    const canvas = document.createElement("canvas");
    draw(canvas, image, crop, AVATAR_SIZE);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    try {
      if (!blob) throw new Error("The picture could not be drawn");
      const body = new FormData();
      body.append("image", blob, "avatar.jpg");
      const response = await fetch("/api/profile/avatar", { method: "POST", body });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: string } | null;
        setError(answer?.error ?? UPLOAD_FAILED);
        return;
      }
      notify.success(t("Your picture is saved."));
      reset();
      revalidator.revalidate();
    } catch {
      setError(navigator.onLine ? UPLOAD_FAILED : UPLOAD_NETWORK_ERROR);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-wrap items-start gap-6">
      <UserAvatar name={name} url={url} className="size-24 text-3xl" />
      <div className="min-w-0 flex-1 space-y-3">
        {image ? (
          <div className="space-y-3">
            <canvas
              ref={preview}
              tabIndex={0}
              role="img"
              aria-label={t("Preview of your new picture. Use the arrow keys to move it.")}
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => {
                drag.current = null;
              }}
              style={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }}
              className="max-w-full cursor-move touch-none rounded-full border border-border"
            />
            <div>
              <label htmlFor={`${id}-zoom`} className="block font-medium text-sm">
                {t("Zoom")}
              </label>
              <input
                id={`${id}-zoom`}
                type="range"
                min={1}
                max={MAX_ZOOM}
                step={0.05}
                value={crop.zoom}
                onChange={(event) =>
                  setCrop((current) => clamp(image, { ...current, zoom: Number(event.target.value) }))
                }
                className="w-full max-w-60 accent-primary"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <PendingButton
                pending={saving}
                pendingLabel={t("Saving...")}
                onClick={save}
                className={PRIMARY_BUTTON}
              >
                {t("Save picture")}
              </PendingButton>
              <button type="button" onClick={reset} disabled={saving} className={OUTLINE_BUTTON}>
                {t("Cancel")}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => input.current?.click()} className={OUTLINE_BUTTON}>
              <ImagePlus aria-hidden="true" className="size-4" />
              {url ? t("Change picture") : t("Upload a picture")}
            </button>
            {url ? (
              <IntentButton intent="remove-avatar" pendingLabel={t("Removing...")} className={DANGER_BUTTON}>
                {t("Remove picture")}
              </IntentButton>
            ) : null}
          </div>
        )}
        {/* Opened by the button above, which says what it is for. */}
        <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" onChange={onFile} hidden />
        <p className="text-ink-muted text-sm">{t("JPEG, PNG or WebP, up to 5 MB. Shown in a circle.")}</p>
        <p role="alert" className="text-closed text-sm empty:hidden">
          {error ? t(error) : null}
        </p>
      </div>
    </div>
  );
}

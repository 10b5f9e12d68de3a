import { getFormProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { LocateFixed, Store } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  ChoosePhotos,
  PhotoList,
  uploadingText,
  usePhotoUploads,
} from "~/components/add-stall/photo-uploader";
import { CharacterCount, ComposerTextArea, FieldError } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { PendingButton } from "~/components/form/pending-button";
import { CancelButton } from "~/components/form/pill";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { type PinnedStall, StallPinPicker } from "~/components/stall/stall-pin-picker";
import { useT } from "~/components/use-t";
import {
  currentPosition,
  GEOLOCATION_UNSUPPORTED,
  GeolocationUnsupportedError,
} from "~/lib/client/geolocation";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/http/idempotency";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import {
  POST_MAX_IMAGES,
  POST_MAX_LENGTH,
  POST_TYPES,
  type PostType,
  type PostView,
} from "~/lib/schemas/community";
import { COMMUNITY_ACTION, INTENTS, type PostAnswer } from "./community-actions";
import { POST_TYPE_LABELS } from "./post-type";

const LOCATION_DENIED = msg("Location access denied. Please enable location permissions.");
const LOCATION_FAILED = msg("Unable to retrieve your location");

export interface PostFormProps {
  /** The post being edited; none for a new one. */
  post?: PostView;
  /** A new post starts pinned to this stall (a stall's own page). */
  stall?: { id: string; name: string } | null;
  /** A new post's type at first. */
  defaultType?: PostType;
  /** Once stored: the post as the server now has it. */
  onSent: (post: PostView | undefined) => void;
  onCancel?: () => void;
}

const postForm = formSchema(() => import("~/lib/schemas/community"), "postSchema");

/**
 * The composer's form, for a new post or an edit: its type, text (up to 1,000 characters, counted), up to four
 * photos (stored as soon as chosen, through Add a Stall's upload action and limits), a stall to pin it to (searched
 * here), and the writer's location when they add it. Checked in the browser with postSchema, then posted once per
 * fill (an idempotency key), so a double click stores one post.
 */
export default function PostForm({
  post,
  stall = null,
  defaultType = "discovery",
  onSent,
  onCancel,
}: PostFormProps) {
  const t = useT();
  const [fillKey, setFillKey] = useState(newIdempotencyKey);
  const [length, setLength] = useState(post?.text.length ?? 0);
  const [photos, setPhotos] = useState<string[]>(post?.images ?? []);
  const [pinned, setPinned] = useState<PinnedStall | null>(post?.stall ?? stall);
  const [location, setLocation] = useState<LatLng | null>(post?.location ?? null);
  const [type, setType] = useState<PostType>(post?.type ?? defaultType);
  const fetcher = useActionFetcher<PostAnswer>({
    failure: (message) => t("Could not share the post: {message}", { message }),
  });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer.
  useEffect(() => {
    if (!answer?.ok) return;
    setFillKey(newIdempotencyKey());
    if (!post) {
      form.reset();
      setLength(0);
      setPhotos([]);
      setPinned(stall);
      setLocation(null);
    }
    onSent(answer.post);
  }, [answer]);
  const [form, fields] = useFetcherForm(postForm, fetcher, {
    id: post ? `edit-post-${post.id}` : "new-post",
    defaultValue: { type: post?.type ?? defaultType, text: post?.text ?? "" },
    shouldValidate: "onSubmit",
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      formData.set(IDEMPOTENCY_FIELD, fillKey);
      fetcher.submit(formData, { method: "post", action: COMMUNITY_ACTION });
    },
  });
  // The box opens where the writer clicked: the text is where they type next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only.
  useEffect(() => document.getElementById(fields.text.id)?.focus(), []);
  const sending = fetcher.state !== "idle";
  const textLabel = post ? t("Edit your post") : t("Share your food discovery...");
  return (
    <form {...getFormProps(form)} method="post" action={COMMUNITY_ACTION} className="mt-3">
      <input type="hidden" name="intent" value={post ? INTENTS.updatePost : INTENTS.createPost} />
      {post ? <input type="hidden" name="postId" value={post.id} /> : null}
      <fieldset disabled={sending} className="space-y-3">
        <fieldset aria-describedby={fields.type.errors ? fields.type.errorId : undefined}>
          <legend className="sr-only">{t("Type of post")}</legend>
          <div className="flex flex-wrap gap-2">
            {POST_TYPES.map((value) => (
              <label
                key={value}
                className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border px-3 font-semibold text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
              >
                <input
                  type="radio"
                  name={fields.type.name}
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                  className="accent-primary"
                />
                {t(POST_TYPE_LABELS[value])}
              </label>
            ))}
          </div>
          <FieldError id={fields.type.errorId} errors={fields.type.errors} />
        </fieldset>
        <div>
          <ComposerTextArea
            label={textLabel}
            meta={fields.text}
            describedBy={`${fields.text.id}-count`}
            onLength={setLength}
            defaultValue={post?.text ?? ""}
            rows={4}
            maxLength={POST_MAX_LENGTH}
            placeholder={t("Share your food discovery...")}
            className="w-full rounded-xl border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <div id={`${fields.text.id}-count`} className="flex justify-end">
            <CharacterCount length={length} max={POST_MAX_LENGTH} />
          </div>
          <FieldError id={fields.text.errorId} errors={fields.text.errors} />
        </div>
        <PostPhotoPicker fillKey={fillKey} photos={photos} onChange={setPhotos} name={fields.images.name} />
        <FieldError id={fields.images.errorId} errors={fields.images.errors} />
        <StallPinPicker
          pinned={pinned}
          onChange={setPinned}
          label={t("Pin to a stall (optional)")}
          name={fields.stall_id.name}
        />
        <FieldError id={fields.stall_id.errorId} errors={fields.stall_id.errors} />
        {type === "discovery" && !pinned ? (
          <p className="flex flex-wrap items-center gap-2 text-ink-muted text-sm">
            <Store aria-hidden="true" className="size-4" />
            {t("Not in Nukkad yet?")}
            <Link to="/add-stall" className="font-semibold text-primary-strong underline">
              {t("Add this stall")}
            </Link>
          </p>
        ) : null}
        <LocationChoice location={location} onChange={setLocation} />
        {location ? (
          <>
            <input type="hidden" name={fields.lat.name} value={location.lat} />
            <input type="hidden" name={fields.lng.name} value={location.lng} />
          </>
        ) : null}
        <FieldError id={fields.lng.errorId} errors={fields.lng.errors} />
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          {onCancel ? <CancelButton onClick={onCancel} size="lg" /> : null}
          <PendingButton
            type="submit"
            pending={sending}
            pendingLabel={post ? t("Saving...") : t("Posting...")}
            className="min-h-11 rounded-full bg-primary px-6 font-semibold text-primary-foreground disabled:opacity-60"
          >
            {post ? t("Save changes") : t("Post")}
          </PendingButton>
        </div>
      </fieldset>
    </form>
  );
}

/** Up to four photos, each stored as soon as it is chosen (usePhotoUploads). */
function PostPhotoPicker({
  fillKey,
  photos,
  onChange,
  name,
}: {
  fillKey: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  name: string;
}) {
  const t = useT();
  const id = useId();
  const room = POST_MAX_IMAGES - photos.length;
  const uploads = usePhotoUploads({ fillKey, photos, onChange, room });
  const { progress, error } = uploads;
  return (
    <div>
      <PhotoList
        label={t("Photos of this post")}
        photos={photos}
        onChange={onChange}
        name={name}
        className="grid grid-cols-4 gap-2"
      />
      <ChoosePhotos
        uploads={uploads}
        room={room}
        describedBy={`${id}-status`}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-4 font-semibold text-sm"
        iconClass="size-4"
      >
        {t("{count, plural, one {Add a photo (# left)} other {Add photos (# left)}}", { count: room })}
      </ChoosePhotos>
      <p id={`${id}-status`} role="status" className="mt-1 text-ink-muted text-sm empty:hidden">
        {progress ? uploadingText(t, progress) : null}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-closed text-sm">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** 'Add my location': the browser asks first; the post carries the position only when the writer adds it. */
function LocationChoice({
  location,
  onChange,
}: {
  location: LatLng | null;
  onChange: (at: LatLng | null) => void;
}) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (location)
    return (
      <p className="flex items-center gap-2 text-sm">
        <LocateFixed aria-hidden="true" className="size-4 text-primary-strong" />
        {t("Your location is added")}
        <button
          type="button"
          onClick={() => onChange(null)}
          className="font-semibold text-primary-strong underline"
        >
          {t("Remove")}
        </button>
      </p>
    );
  const locate = async () => {
    setLocating(true);
    setProblem(null);
    try {
      onChange(await currentPosition({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 }));
    } catch (error) {
      setProblem(
        error instanceof GeolocationUnsupportedError
          ? GEOLOCATION_UNSUPPORTED
          : (error as { code?: number }).code === 1
            ? LOCATION_DENIED
            : LOCATION_FAILED,
      );
    } finally {
      setLocating(false);
    }
  };
  return (
    <div>
      <PendingButton
        pending={locating}
        pendingLabel={t("Getting your location...")}
        icon={<LocateFixed aria-hidden="true" className="size-4" />}
        onClick={() => void locate()}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-4 font-semibold text-sm hover:border-primary disabled:opacity-60"
      >
        {t("Add my location")}
      </PendingButton>
      {problem ? (
        <p role="alert" className="mt-1 text-closed text-sm">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}

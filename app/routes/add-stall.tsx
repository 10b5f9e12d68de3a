import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { LookAlikes } from "~/components/add-stall/look-alikes";
import { type MenuDraft, MenuEditor } from "~/components/add-stall/menu-editor";
import { PhotoUploader } from "~/components/add-stall/photo-uploader";
import { EMPTY_SCHEDULE, type ScheduleDraft, ScheduleEditor } from "~/components/add-stall/schedule-editor";
import { TagPicker } from "~/components/add-stall/tag-picker";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { ChoiceInputs } from "~/components/form/choice-inputs";
import { FieldError, type ListField, TextAreaField, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { usePageForm } from "~/components/form/use-schema-form";
import { PageTitle } from "~/components/layout/page-shell";
import { LocationPicker, type LocationPickerSource } from "~/components/map/location-picker";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import type { Db } from "~/db/client.server";
import { notify } from "~/lib/client/notify";
import { readFormData } from "~/lib/http/form-data.server";
import {
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_IN_FLIGHT,
  IDEMPOTENCY_KEY_PATTERN,
  newIdempotencyKey,
} from "~/lib/http/idempotency";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { formatGps, type LatLng } from "~/lib/rules/geo";
import { CHOOSABLE_DISCOVERY_TAGS } from "~/lib/rules/options";
import { postIdSchema } from "~/lib/schemas/post-id";
import { stallFormSchema } from "~/lib/schemas/stall-form";
import { MAX_ADDRESS_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/schemas/stall-form-fields";
import { runIdempotentlyOrWait } from "~/models/idempotency.server";
import { ModelError, type RefusalStatus } from "~/models/model-error";
import { getPost } from "~/models/post/post.server";
import { submitStall } from "~/models/stall/stall.server";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Add a Food Stall")) }));

/** What a discovery post of a stall not on Nukkad yet gives the form ('Add this stall' links ?post=<id>): its text
 * as the description and the writer's position, when shared, as the pin. */
async function prefillFromPost(db: Db, viewer: { id: string }, postId: string | null) {
  if (!postId || !postIdSchema.safeParse(postId).success) return null;
  const post = await getPost(db, viewer, postId).catch(() => null);
  if (post?.type !== "discovery" || post.stall) return null;
  return { description: post.text.slice(0, MAX_DESCRIPTION_LENGTH), position: post.location };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const prefill = await prefillFromPost(context.db, viewer, new URL(request.url).searchParams.get("post"));
  // A new key for each fill of the form: loaders run again after every submission, so a stored stall's key is
  // never sent again, while a double click (or a resend after a lost answer) repeats the same one.
  return { emailConfirmed: mayContribute(viewer), formKey: newIdempotencyKey(), prefill };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: stallFormSchema });
  if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST), submission);
  if (submission.status !== "success") return invalid(submission);
  const { value } = submission;
  const { db } = context;
  // The form sends one key per fill: a double click or a resend after a lost answer stores one stall, and shows it.
  const key = submission.payload[IDEMPOTENCY_FIELD];
  const outcome = await runIdempotentlyOrWait(
    db,
    typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key)
      ? { userId: viewer.id, scope: "POST /add-stall", key }
      : null,
    async () => {
      try {
        const id = await submitStall(db, viewer.id, value);
        return { status: 200, body: JSON.stringify({ id, name: value.name }) };
      } catch (error) {
        if (!(error instanceof ModelError)) throw error;
        return { status: error.status, body: JSON.stringify({ error: error.message, field: error.field }) };
      }
    },
  );
  if (outcome.kind === "in-flight") return refusal(new ModelError(409, IDEMPOTENCY_IN_FLIGHT), submission);
  if (outcome.status < 300) {
    const added = JSON.parse(outcome.body) as { id: string; name: string };
    return { ...done(msg("Stall added successfully!"), submission.reply({ resetForm: true })), added };
  }
  // The model's refusal, as it was stored for a repeat of this fill of the form.
  const refused = JSON.parse(outcome.body) as { error: string; field?: string };
  return refusal(
    new ModelError(outcome.status as RefusalStatus, refused.error, { field: refused.field }),
    submission,
  );
}

// A refusal past the daily number of stalls keeps any Retry-After it carries.
export const headers = keepActionHeaders;

const stallForm = formSchema(() => import("~/lib/schemas/stall-form"), "stallFormSchema");

export default function AddStallPage() {
  const { emailConfirmed, formKey: idempotencyKey, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // A fresh form after each stall added: every field, photo, tag and the map start over.
  const [formKey, setFormKey] = useState(0);
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const handled = useRef<typeof actionData>(undefined);
  const t = useT();

  useEffect(() => {
    if (navigation.state !== "idle" || !actionData || handled.current === actionData) return;
    handled.current = actionData;
    if ("added" in actionData) {
      if (actionData.message) notify.success(t(actionData.message));
      setAdded(actionData.added);
      setFormKey((key) => key + 1);
      window.scrollTo({ top: 0, behavior: "smooth" });
    } else {
      notify.error(
        t("Error adding stall: {message}", {
          message: t(actionData.message ?? msg("Please correct the highlighted fields.")),
        }),
      );
    }
  }, [actionData, navigation.state, t]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle
        title={t("Add a Food Stall")}
        subtitle={t("Help others discover amazing hidden food gems in your area")}
      />
      {emailConfirmed ? (
        <>
          {added ? <AddedNotice id={added.id} name={added.name} /> : null}
          <AddStallForm
            key={formKey}
            idempotencyKey={idempotencyKey}
            // Only the first fill starts from the post; the form after a stall was added starts empty.
            prefill={formKey === 0 ? prefill : null}
            lastResult={actionData && "added" in actionData ? undefined : actionData?.result}
          />
        </>
      ) : (
        <ConfirmEmailNotice>
          {t(
            "Every stall on Nukkad comes from someone we can reach. Open the confirmation link we sent to your inbox, then come back here to add your stall.",
          )}
        </ConfirmEmailNotice>
      )}
    </div>
  );
}

function AddedNotice({ id, name }: { id: string; name: string }) {
  const t = useT();
  return (
    <div role="status" className="mt-6 flex gap-3 rounded-xl border border-open bg-surface p-4">
      <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-open" />
      <p>
        <Sentence
          text={t(
            "{stall} was sent for review: it appears on Nukkad once a moderator approves it. Follow it on your {stallsTab}. You can add another stall below.",
            { stall: slot("stall"), stallsTab: slot("stallsTab") },
          )}
          parts={{
            stall: (
              <Link to={`/stall/${id}`} className="font-semibold underline">
                {name}
              </Link>
            ),
            stallsTab: (
              <Link to="/profile?tab=stalls" className="font-semibold text-primary-strong underline">
                {t("profile's Stalls tab")}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className="rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-bold text-lg">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

type ActionResult = ReturnType<typeof useActionData<typeof action>>;

function AddStallForm({
  idempotencyKey,
  lastResult,
  prefill,
}: {
  idempotencyKey: string;
  lastResult: NonNullable<ActionResult>["result"] | undefined;
  prefill: { description: string; position: LatLng | null } | null;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = usePageForm(stallForm, lastResult, {
    defaultValue: prefill ? { description: prefill.description } : undefined,
  });
  const t = useT();

  // Name and address are controlled: the look-alike check reads the name, and the map fills in the address.
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [autoAddress, setAutoAddress] = useState<string | null>(null);
  const [position, setPosition] = useState<LatLng | null>(prefill?.position ?? null);
  const [pinSource, setPinSource] = useState<LocationPickerSource | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [schedule, setSchedule] = useState<ScheduleDraft>(EMPTY_SCHEDULE);
  const [menu, setMenu] = useState<MenuDraft[]>([]);
  const errors = form.allErrors;
  const listField = (meta: { name: string; errorId: string }): ListField => ({
    name: meta.name,
    errorId: meta.errorId,
    errors: collect(errors, meta.name),
  });

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <FieldError id={form.errorId} errors={form.errors} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />

      <Section title={t("Upload Photo")} id="photo">
        <PhotoUploader
          {...listField(fields.images)}
          idempotencyKey={idempotencyKey}
          photos={photos}
          onChange={setPhotos}
        />
      </Section>

      <Section title={t("Stall Information")} id="information">
        <TextField
          label={t("Stall Name or Nickname")}
          meta={fields.name}
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MAX_NAME_LENGTH}
          placeholder={t("e.g. Raju's Momos")}
          required
        />
        <TextField
          label={t("Contact Number")}
          meta={fields.contact_number}
          type="tel"
          autoComplete="off"
          placeholder="+91 98765 43210"
          required
        />
        <TextAreaField
          label={t("Description")}
          meta={fields.description}
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          placeholder={t("What do they serve, and what makes it worth the trip?")}
          required
        />
        <TextAreaField
          label={t("Address")}
          meta={fields.location}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          rows={2}
          maxLength={MAX_ADDRESS_LENGTH}
          placeholder={t("Street, landmark and area (picking a place on the map fills this in)")}
          required
        />
      </Section>

      <Section title={t("Discovery Tags")} id="discovery">
        <fieldset>
          <legend className="text-ink-muted text-sm">{t("What makes this stall special?")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            <ChoiceInputs
              type="checkbox"
              name={fields.discovery_tags.name}
              options={CHOOSABLE_DISCOVERY_TAGS.map((option) => ({ ...option, label: t(option.label) }))}
              className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
            />
          </div>
        </fieldset>
        <FieldError id={fields.discovery_tags.errorId} errors={collect(errors, fields.discovery_tags.name)} />
      </Section>

      <Section title={t("Location")} id="location">
        <LocationPicker
          value={position}
          geolocation="add-stall"
          onChange={(next) => {
            setPosition(next.position);
            setPinSource(next.source);
            // Fill the address from the map unless the contributor wrote their own.
            if (next.address && (address.trim() === "" || address === autoAddress)) {
              setAddress(next.address);
              setAutoAddress(next.address);
            }
          }}
        />
        <input type="hidden" name={fields.gps_coordinates.name} value={position ? formatGps(position) : ""} />
        <input type="hidden" name={fields.pin_source.name} value={pinSource ?? ""} />
        <FieldError id={fields.gps_coordinates.errorId} errors={fields.gps_coordinates.errors} />
        {pinSource === "current" ? (
          <div>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.pin_here.name}
                id={fields.pin_here.id}
                aria-invalid={fields.pin_here.errors ? true : undefined}
                aria-describedby={fields.pin_here.errors ? fields.pin_here.errorId : undefined}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                {t(
                  "The stall is here, where I am standing. (If not, drag the pin onto the stall or tap the map where it is.)",
                )}
              </span>
            </label>
            <FieldError id={fields.pin_here.errorId} errors={fields.pin_here.errors} />
          </div>
        ) : null}
        <LookAlikes name={name} position={position} />
      </Section>

      <Section title={t("Tags")} id="tags">
        <TagPicker {...listField(fields.tags)} tags={tags} onChange={setTags} />
      </Section>

      <Section title={t("Opening Hours")} id="hours">
        <ScheduleEditor
          name={fields.weekly_schedule.name}
          value={schedule}
          onChange={setSchedule}
          errors={errors}
        />
      </Section>

      <Section title={t("Menu")} id="menu">
        <MenuEditor name={fields.menu.name} rows={menu} onChange={setMenu} errors={errors} />
      </Section>

      <p className="rounded-xl bg-surface-muted p-4 text-ink-muted text-sm">
        {t(
          "By submitting, you agree to our community guidelines. Your submission will be reviewed before appearing on the platform.",
        )}
      </p>
      <SubmitButton
        pending={submitting}
        pendingLabel={t("Submitting...")}
        className="min-h-12 hover:bg-primary-strong"
      >
        {t("Submit Food Stall")}
      </SubmitButton>
    </Form>
  );
}

/** Every message for a list field and its items ("tags", "tags[3]"), in order, once each. */
function collect(errors: Record<string, string[]> | undefined, name: string): string[] | undefined {
  if (!errors) return undefined;
  const messages = Object.entries(errors)
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? [...new Set(messages)] : undefined;
}

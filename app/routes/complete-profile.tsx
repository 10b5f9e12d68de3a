import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LocateFixed, Map as MapIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { DatePicker } from "~/components/date-picker";
import { FieldError, TextAreaField, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { PendingButton, SubmitButton } from "~/components/form/pending-button";
import { SelectField } from "~/components/form/select-field";
import { useGoOnAnswer, usePageForm } from "~/components/form/use-schema-form";
import { LocationPicker } from "~/components/map/location-picker";
import { useT } from "~/components/use-t";
import { completeProfileSchema } from "~/lib/auth/schemas";
import { currentPosition } from "~/lib/client/geolocation";
import {
  currentLocationOutcome,
  GEOLOCATION_OPTIONS,
  geolocationErrorMessage,
  lookupAddress,
} from "~/lib/client/location-picker";
import { notify } from "~/lib/client/notify";
import { readFormData } from "~/lib/http/form-data.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { MIN_BIRTH_DATE, todayIso } from "~/lib/rules/calendar";
import { formatGps, type LatLng, parseGps } from "~/lib/rules/geo";
import { FOOD_PREFERENCES, GENDERS } from "~/lib/rules/options";
import { getProfile, updateProfile } from "~/models/profile.server";
import { done, invalid, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Complete Your Profile")) }));

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: msg("Male"),
  female: msg("Female"),
  other: msg("Other"),
  prefer_not_to_say: msg("Prefer not to say"),
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const profile = await getProfile(context.db, viewer.id);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  return {
    profile,
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db, kv } = context;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: completeProfileSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await updateProfile(db, kv, viewer.id, submission.value);
  } catch (error) {
    return refusal(error, submission);
  }
  return {
    ...done(msg("Profile updated successfully!"), submission.reply()),
    redirectTo: safeRedirectPath(formData.get("redirectTo"), "/profile"),
  };
}

type Availability = "unknown" | "checking" | "available" | "taken";

/** Live username check: from 3 characters, 500 ms after typing stops; back to unknown when it cannot tell. */
function useUsernameAvailability(username: string, current: string | null): Availability {
  const [state, setState] = useState<Availability>("unknown");
  useEffect(() => {
    const value = username.trim().toLowerCase();
    if (value.length < 3 || value === current) {
      setState("unknown");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState("checking");
      fetch(`/api/profile/check-username?username=${encodeURIComponent(value)}`, {
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const body = (await response.json()) as { available: boolean };
          setState(body.available ? "available" : "taken");
        })
        .catch(() => {
          if (!controller.signal.aborted) setState("unknown");
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, current]);
  return state;
}

const completeProfileForm = formSchema(() => import("~/lib/auth/schemas"), "completeProfileSchema");

export default function CompleteProfilePage() {
  const { profile, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const t = useT();
  const [form, fields] = usePageForm(completeProfileForm, actionData?.result, {
    defaultValue: {
      full_name: profile.full_name,
      username: profile.username ?? "",
      bio: profile.bio ?? "",
      gender: profile.gender ?? "",
      phone: profile.phone ?? "",
      location: profile.location ?? "",
    },
  });

  const [username, setUsernameText] = useState(profile.username ?? "");
  const availability = useUsernameAvailability(username, profile.username);
  const [birthDate, setBirthDate] = useState<string | null>(profile.date_of_birth);
  const [preferences, setPreferences] = useState<string[]>(profile.food_preferences);
  const [location, setLocation] = useState(profile.location ?? "");
  const saved = parseGps(profile.gps_coordinates);
  const [position, setPosition] = useState<LatLng | null>(saved.ok ? saved.position : null);
  const [showMap, setShowMap] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);

  useGoOnAnswer(actionData, actionData && "redirectTo" in actionData ? actionData.redirectTo : null);
  useEffect(() => {
    if (actionData && !actionData.ok && actionData.message) notify.error(t(actionData.message));
  }, [actionData, t]);

  const locateMe = async () => {
    setLocating(true);
    setLocationMessage(null);
    try {
      const here = await currentPosition(GEOLOCATION_OPTIONS.profile);
      setPosition(here);
      const address = await lookupAddress(here);
      if (address.ok) setLocation(address.address);
      setLocationMessage(currentLocationOutcome(address).message);
    } catch (error) {
      setLocationMessage(geolocationErrorMessage(error));
    } finally {
      setLocating(false);
    }
  };

  const today = todayIso();

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="font-bold text-3xl">{t("Complete Your Profile")}</h1>
      <p className="mt-1 text-ink-muted">
        {t("Tell us more about yourself to personalize your food discovery experience")}
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 rounded-2xl border border-border bg-surface p-6"
      >
        <h2 className="font-bold text-xl">{t("Profile Information")}</h2>
        <p className="text-ink-muted text-sm">
          {t("Help us create a better experience tailored to your preferences")}
        </p>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="gps_coordinates" value={position ? formatGps(position) : ""} />
        <fieldset disabled={saving} className="mt-6 space-y-5">
          <legend className="sr-only">{t("Profile Information")}</legend>
          <TextField
            label={t("Full Name")}
            meta={fields.full_name}
            type="text"
            autoComplete="name"
            required
          />
          <TextField
            label={t("Username")}
            meta={fields.username}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            onChange={(event) => setUsernameText(event.target.value)}
            aria-describedby={`${fields.username.errorId} username-availability`}
            required
            note={
              <p id="username-availability" role="status" className="mt-1 min-h-5 text-sm">
                {availability === "checking" ? (
                  <span className="text-ink-muted">{t("Checking...")}</span>
                ) : availability === "available" ? (
                  <span className="text-open">{t("Username is available")}</span>
                ) : availability === "taken" ? (
                  <span className="text-closed">{t("Username already taken")}</span>
                ) : null}
              </p>
            }
          />
          <TextAreaField label={t("Bio")} meta={fields.bio} rows={3} maxLength={500} />
          <SelectField
            label={t("Gender")}
            meta={fields.gender}
            placeholder={t("Select…")}
            options={GENDERS}
            labels={GENDER_LABELS}
          />
          <TextField
            label={t("Phone")}
            meta={fields.phone}
            type="tel"
            autoComplete="tel"
            placeholder="+91 1234567890"
          />
          <DatePicker
            id="date_of_birth"
            name="date_of_birth"
            label={t("Date of Birth")}
            value={birthDate}
            onChange={setBirthDate}
            min={MIN_BIRTH_DATE}
            max={today}
            error={fields.date_of_birth.errors?.[0]}
          />
          <div>
            <label htmlFor={fields.location.id} className="block font-medium text-sm">
              {t("Location")}
            </label>
            <input
              {...getInputProps(fields.location, { type: "text" })}
              key={fields.location.key}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              autoComplete="address-level2"
              className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
            />
            <FieldError id={fields.location.errorId} errors={fields.location.errors} />
            <div className="mt-2 flex flex-wrap gap-2">
              <PendingButton
                pending={locating}
                pendingLabel={t("Locating...")}
                icon={<LocateFixed aria-hidden="true" className="size-4" />}
                onClick={() => void locateMe()}
                className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-2 font-semibold text-sm disabled:opacity-60"
              >
                {t("Use My Current Location")}
              </PendingButton>
              <button
                type="button"
                onClick={() => setShowMap((shown) => !shown)}
                aria-expanded={showMap}
                className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-2 font-semibold text-sm"
              >
                <MapIcon aria-hidden="true" className="size-4" />
                {showMap ? t("Hide Map") : t("Choose on Map")}
              </button>
            </div>
            <p role="status" className="mt-2 min-h-5 text-sm">
              {locationMessage}
            </p>
            {showMap ? (
              <div className="mt-3">
                <LocationPicker
                  value={position}
                  geolocation="profile"
                  onChange={(next) => {
                    setPosition(next.position);
                    if (next.address) setLocation(next.address);
                  }}
                />
              </div>
            ) : null}
          </div>
          <fieldset>
            <legend className="font-medium text-sm">{t("Food Preferences")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {FOOD_PREFERENCES.map((preference) => {
                const selected = preferences.includes(preference);
                return (
                  <button
                    key={preference}
                    type="button"
                    aria-pressed={selected}
                    onClick={() =>
                      setPreferences((current) =>
                        selected ? current.filter((p) => p !== preference) : [...current, preference],
                      )
                    }
                    className={`rounded-full border px-3 py-1.5 text-sm ${
                      selected
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-border bg-surface"
                    }`}
                  >
                    {t(preference)}
                  </button>
                );
              })}
            </div>
            {preferences.map((preference) => (
              <input key={preference} type="hidden" name="food_preferences" value={preference} />
            ))}
          </fieldset>
          <FieldError id={form.errorId} errors={form.errors} />
          <SubmitButton pending={saving} pendingLabel={t("Saving...")} className="hover:bg-primary-strong">
            {t("Complete Profile")}
          </SubmitButton>
        </fieldset>
      </Form>
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ArrowDown, ArrowUp, GripVertical, Sparkles, Trash2 } from "lucide-react";
import { lazy, useEffect, useState } from "react";
import { ChoiceInputs } from "~/components/form/choice-inputs";
import { CharacterCount, FieldError, TextAreaField, TextField } from "~/components/form/field";
import { type FormSchema, formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { usePageForm } from "~/components/form/use-schema-form";
import { ClientMap } from "~/components/map/client-map";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { StallSearchField } from "~/components/stall/stall-search-field";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { msg } from "~/lib/i18n/translate";
import { trailEstimate } from "~/lib/rules/trail-estimate";
import {
  TRAIL_DESCRIPTION_MAX_LENGTH,
  TRAIL_MAX_STOPS,
  TRAIL_NOTE_MAX_LENGTH,
  TRAIL_TITLE_MAX_LENGTH,
} from "~/lib/rules/trail-limits";
import { optimiseMessages } from "~/lib/rules/trail-optimise-message";
import { optimiseTrail } from "~/lib/rules/trail-order";
import type { TrailVisibility, trailSchema } from "~/lib/schemas/food-trail";
import { plannable, planStops, type TrailStallInfo, trailStallInfo, trailTimeZone } from "./plan-stall";
import { StartTimePicker } from "./start-time-picker";
import { TrailStop } from "./trail-stop";
import { usePointerReorder } from "./use-pointer-reorder";
import { fromWallTime, isoWithOffset, toWallTime } from "./zoned-time";

// The trail schema's constraints, with the trail's own reading of the form for its checks (see parseTrailForm).
const trailForm: FormSchema<typeof trailSchema> = {
  constraint: formSchema(() => import("~/lib/schemas/food-trail"), "trailSchema").constraint,
  loadValidate: () => import("./trail-form").then(({ parseTrailForm }) => parseTrailForm),
};

const TrailMap = lazy(() => import("~/components/map/trail-map.client"));

export interface EditorStop {
  stall: TrailStallInfo;
  note: string;
}

export interface TrailDraft {
  title: string;
  description: string;
  visibility: TrailVisibility;
  start: string | null;
  stops: EditorStop[];
}

/** A stop's Move up and Move down buttons, the same but for where they move it. */
const MOVES = [
  { direction: "up", icon: ArrowUp, label: msg("Move up") },
  { direction: "down", icon: ArrowDown, label: msg("Move down") },
] as const;

/**
 * The trail editor (new trail and edit): title, description, visibility, start time, and the stops, reordered by
 * dragging a grip (touch, pen or mouse) or by the Move up / Move down buttons (each move announced), found by search,
 * with a note each. Arrival times, open on arrival and 'Optimise order' are worked out here in the browser.
 */
export function TrailEditor({
  draft,
  base,
  answer,
  submitLabel,
}: {
  draft: TrailDraft;
  /** The trail as stored when the editor loaded it (JSON), so a save writes only what changed (editedTrailFields). */
  base?: string;
  answer: ActionAnswer | undefined;
  submitLabel: string;
}) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const locale = useLocale();
  const navigation = useNavigation();
  const [form, fields] = usePageForm(trailForm, answer?.result, {
    defaultValue: { title: draft.title, description: draft.description, visibility: draft.visibility },
  });
  const [stops, setStops] = useState<EditorStop[]>(draft.stops);
  const [announcement, setAnnouncement] = useState("");
  const [optimised, setOptimised] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: string; move: "up" | "down" } | null>(null);
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const timeZone = trailTimeZone(stops.map((stop) => stop.stall));
  const [startWall, setStartWall] = useState(() =>
    draft.start ? toWallTime(new Date(draft.start), timeZone) : "",
  );
  // "Now" is read in the browser only, so the server's page and the first render agree.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  const chosenStart = startWall ? fromWallTime(startWall, timeZone) : null;
  const start = chosenStart ?? now;
  const plan = start
    ? planStops(
        stops.map((stop) => stop.stall),
        start,
      )
    : null;
  const estimate = plan ? trailEstimate(plan.totalMinutes, { generatedThreeStops: false }) : null;
  const stopErrors = collect(form.allErrors, fields.stops.name);

  useEffect(() => {
    if (!focus) return;
    const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-stop="${focus.id}"] [data-move]`);
    const wanted = [...buttons].find((button) => button.dataset.move === focus.move);
    const target = wanted && !wanted.disabled ? wanted : [...buttons].find((button) => !button.disabled);
    target?.focus();
    setFocus(null);
  }, [focus]);

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= stops.length || from === to) return;
    const next = [...stops];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setStops(next);
    setOptimised(null);
    setAnnouncement(
      t("Moved {name} to stop {number} of {total}.", {
        name: moved.stall.name,
        number: to + 1,
        total: next.length,
      }),
    );
    return moved;
  };

  const reorder = usePointerReorder<HTMLOListElement>(moveTo);

  const move = (index: number, direction: "up" | "down") => {
    const moved = moveTo(index, direction === "up" ? index - 1 : index + 1);
    if (moved) setFocus({ id: moved.stall.id, move: direction });
  };

  const remove = (index: number) => {
    const removed = stops[index];
    if (!removed) return;
    setStops(stops.filter((_, i) => i !== index));
    setOptimised(null);
    setAnnouncement(t("Removed {name} from the trail.", { name: removed.stall.name }));
  };

  const add = (stall: TrailStallInfo) => {
    if (stops.some((stop) => stop.stall.id === stall.id) || stops.length >= TRAIL_MAX_STOPS) return;
    setStops([...stops, { stall, note: "" }]);
    setOptimised(null);
    setAnnouncement(t("Added {name} as stop {number}.", { name: stall.name, number: stops.length + 1 }));
  };

  const optimise = () => {
    if (!start || !plan) return;
    const best = optimiseTrail(
      stops.map((stop) => plannable(stop.stall)),
      { start, from: null },
    );
    const order = [...best.stops, ...best.dropped].map(({ stall }) => stall.id);
    const next = order.flatMap((id) => stops.filter((stop) => stop.stall.id === id));
    const after = planStops(
      next.map((stop) => stop.stall),
      start,
    );
    setStops(next);
    const listFormat = new Intl.ListFormat(locale, { type: "conjunction" });
    const message = optimiseMessages(
      {
        before: stops.map((stop) => stop.stall.id),
        after: next.map((stop) => stop.stall.id),
        closed: best.dropped.map((dropped) => ({ id: dropped.stall.id, name: dropped.stall.name })),
        minutesSaved: plan.totalMinutes - after.totalMinutes,
      },
      (names) => listFormat.format(names),
    )
      .map((part) => t(part.message, part.values))
      .join(" ");
    // The message is a status of its own: announced once, not again by the moves' live region.
    setOptimised(message);
    setAnnouncement("");
  };

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="space-y-4 rounded-xl border border-border bg-surface p-4">
        <TextField
          label={t("Title")}
          meta={fields.title}
          type="text"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={TRAIL_TITLE_MAX_LENGTH}
          placeholder={t("e.g. VV Puram evening crawl")}
          required
        />
        <TextAreaField
          label={t("Description")}
          meta={fields.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          maxLength={TRAIL_DESCRIPTION_MAX_LENGTH}
          note={<CharacterCount length={description.length} max={TRAIL_DESCRIPTION_MAX_LENGTH} />}
        />
        <fieldset>
          <legend className="font-medium text-sm">{t("Who can see it")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            <ChoiceInputs
              type="radio"
              name={fields.visibility.name}
              options={[
                { value: "public", label: t("Public: anyone with the link, and listed") },
                { value: "private", label: t("Private: only you") },
              ]}
              checked={[draft.visibility]}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
            />
          </div>
        </fieldset>
        <StartTimePicker value={startWall} onChange={setStartWall} />
        {/* No start sent means "now" whenever the trail is opened. */}
        {chosenStart ? (
          <input type="hidden" name={fields.start.name} value={isoWithOffset(chosenStart, timeZone)} />
        ) : null}
        <FieldError id={fields.start.errorId} errors={fields.start.errors} />
      </div>

      <section aria-labelledby="editor-stops" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="editor-stops" className="font-bold text-xl">
            {t("Stops")}
          </h2>
          <button
            type="button"
            onClick={optimise}
            disabled={stops.length < 2 || !start}
            className="inline-flex items-center gap-2 rounded-full border border-primary px-4 py-2 font-semibold text-primary-strong text-sm disabled:opacity-50"
          >
            <Sparkles aria-hidden="true" className="size-4" /> {t("Optimise order")}
          </button>
        </div>
        {plan && estimate ? (
          <p className="text-sm">
            {t("{count, plural, one {# stop} other {# stops}}", { count: stops.length })}
            {" · "}
            {t("{distance} walking", { distance: formatDistance(plan.walkingKm) })}
            {" · "}
            {t(estimate.message, estimate.values)}
          </p>
        ) : null}
        {optimised ? (
          <p role="status" className="rounded-lg bg-green-100 px-3 py-2 text-green-950 text-sm">
            {optimised}
          </p>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {stops.length === 0 ? (
          <p className="rounded-xl border border-border border-dashed p-6 text-center text-ink-muted">
            {t("No stops yet. Search for stalls below to add them.")}
          </p>
        ) : (
          <ol ref={reorder.listRef} className="space-y-3" aria-labelledby="editor-stops">
            {stops.map((stop, index) => {
              const planned = plan?.stops[index];
              const noteId = `stop-note-${stop.stall.id}`;
              return (
                <TrailStop
                  key={stop.stall.id}
                  number={index + 1}
                  stall={stop.stall}
                  timing={planned ?? null}
                  timeZone={timeZone}
                  itemProps={{
                    "data-stop": stop.stall.id,
                    style: reorder.itemStyle(index),
                    className: reorder.dragged === index ? "ring-2 ring-primary" : undefined,
                  }}
                >
                  <input
                    type="hidden"
                    name={`${fields.stops.name}[${index}].stallId`}
                    value={stop.stall.id}
                  />
                  <div className="mt-2 flex flex-wrap items-center gap-2 border-border border-t pt-2">
                    {/* Only the grip starts a drag and only the grip stops the finger from scrolling the page, so
                        scrolling past the stops and selecting text in a note stay as they are. */}
                    <span
                      aria-hidden="true"
                      data-grip=""
                      {...reorder.gripProps(index)}
                      className="-my-1 -ml-1 flex size-11 shrink-0 cursor-grab touch-none select-none items-center justify-center rounded-full text-ink-muted active:cursor-grabbing"
                    >
                      <GripVertical className="size-6" />
                    </span>
                    {MOVES.map(({ direction, icon: Icon, label }) => (
                      <button
                        key={direction}
                        type="button"
                        data-move={direction}
                        onClick={() => move(index, direction)}
                        disabled={index === (direction === "up" ? 0 : stops.length - 1)}
                        className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 font-semibold text-sm disabled:opacity-40"
                      >
                        <Icon aria-hidden="true" className="size-4" /> {t(label)}
                        <span className="sr-only"> {stop.stall.name}</span>
                      </button>
                    ))}
                    <button
                      type="button"
                      onClick={() => remove(index)}
                      className="ml-auto inline-flex items-center gap-1 rounded-full border border-closed px-3 py-1 font-semibold text-closed text-sm"
                    >
                      <Trash2 aria-hidden="true" className="size-4" /> {t("Remove")}
                      <span className="sr-only"> {stop.stall.name}</span>
                    </button>
                  </div>
                  <div className="mt-2">
                    <label htmlFor={noteId} className="font-medium text-sm">
                      {t("Note for this stop")}
                    </label>
                    <textarea
                      id={noteId}
                      name={`${fields.stops.name}[${index}].note`}
                      value={stop.note}
                      onChange={(event) =>
                        setStops(stops.map((s, i) => (i === index ? { ...s, note: event.target.value } : s)))
                      }
                      maxLength={TRAIL_NOTE_MAX_LENGTH}
                      rows={2}
                      placeholder={t("What to order here, where to stand...")}
                      className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm"
                    />
                  </div>
                </TrailStop>
              );
            })}
          </ol>
        )}
        <FieldError id={fields.stops.errorId} errors={stopErrors} />
        <StallSearch
          onAdd={add}
          chosen={stops.map((stop) => stop.stall.id)}
          full={stops.length >= TRAIL_MAX_STOPS}
        />
      </section>

      {stops.length > 0 ? (
        <ClientMap height={260}>
          <TrailMap
            height={260}
            stops={stops.map(({ stall }) => ({
              id: stall.id,
              name: stall.name,
              lat: stall.latitude,
              lng: stall.longitude,
            }))}
          />
        </ClientMap>
      ) : null}

      {base === undefined ? null : <input type="hidden" name="base" value={base} />}
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("Saving...")}>
        {submitLabel}
      </SubmitButton>
      {navigation.state === "idle" && answer?.queued ? (
        <p role="status" className="text-ink-muted text-sm">
          {t("Saved on this device. Your changes will be sent when you are back online.")}
        </p>
      ) : null}
      {/* A post that got no answer at all (answerUnansweredPosts): nothing for a field to show. */}
      {navigation.state === "idle" && answer && !answer.ok && !answer.result && answer.message ? (
        <p role="alert" className="text-closed text-sm">
          {t(answer.message)}
        </p>
      ) : null}
    </Form>
  );
}

/** Search inside the editor to add stalls to the trail. */
function StallSearch({
  onAdd,
  chosen,
  full,
}: {
  onAdd: (stall: TrailStallInfo) => void;
  chosen: string[];
  full: boolean;
}) {
  const t = useT();
  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <StallSearchField label={t("Add a stall")} limit={6} pick={trailStallInfo}>
        {(results) => (
          <ul className="mt-3 divide-y divide-border" aria-label={t("Search results")}>
            {results.map((stall) => {
              const added = chosen.includes(stall.id);
              return (
                <li key={stall.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{stall.name}</p>
                    <p className="line-clamp-1 text-ink-muted text-sm">{stall.location}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => onAdd(stall)}
                    disabled={added || full}
                    className="shrink-0 rounded-full border border-primary px-3 py-1 font-semibold text-primary-strong text-sm disabled:opacity-50"
                  >
                    {added ? t("Added") : t("Add")}
                    <span className="sr-only"> {stall.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </StallSearchField>
      {full ? <p className="mt-2 text-ink-muted text-sm">{t("A trail can have up to 12 stops")}</p> : null}
    </div>
  );
}

function collect(errors: Record<string, string[]> | undefined, name: string): string[] | undefined {
  if (!errors) return undefined;
  const messages = Object.entries(errors)
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? [...new Set(messages)] : undefined;
}

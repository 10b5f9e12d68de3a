import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { trailStallInfo } from "~/components/food-trail/plan-stall";
import { type TrailDraft, TrailEditor } from "~/components/food-trail/trail-editor";
import { parseTrailForm } from "~/components/food-trail/trail-form";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { ThingError } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { TRAIL_MAX_STOPS } from "~/lib/rules/trail-limits";
import { type TrailInput, trailBaseSchema, trailIdSchema } from "~/lib/schemas/food-trail";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { getTrail, updateTrail } from "~/models/food-trail/food-trail.server";
import { findStallDetail } from "~/models/stall/stall.server";
import { invalid, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Edit Food Trail")) }));

export const ErrorBoundary = () => (
  <ThingError
    title={msg("Trail not found")}
    text={msg("This trail does not exist, or it is not yours to edit.")}
    next={{ to: "/food-trails", label: msg("See all Food Trails") }}
  />
);

const notFound = () => data("Trail not found", { status: 404 });

/** The author's trail as it stands; ?add=stallId (a stall page's 'Add to a trail') puts one more stall at the end. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = trailIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const { db } = context;
  const trail = await getTrail(db, viewer.id, id.data, new Date());
  // Someone else's trail is edited by forking it: to them this page does not exist.
  if (!trail?.editable) throw notFound();
  const add = stallIdSchema.safeParse(new URL(request.url).searchParams.get("add"));
  const ids = trail.stops.map((stop) => stop.stall.id);
  if (add.success && !ids.includes(add.data) && ids.length < TRAIL_MAX_STOPS) ids.push(add.data);
  const details = await Promise.all(ids.map((stallId) => findStallDetail(db, stallId, viewer)));
  const notes = new Map(trail.stops.map((stop) => [stop.stall.id, stop.note ?? ""]));
  // The trail as stored, before any ?add: the save compares the form with it and writes only what changed.
  const base: TrailInput = {
    title: trail.title,
    description: trail.description,
    visibility: trail.visibility,
    start: trail.start,
    stops: trail.stops.map((stop) => ({ stallId: stop.stall.id, note: stop.note })),
  };
  const draft: TrailDraft = {
    title: trail.title,
    description: trail.description,
    visibility: trail.visibility,
    start: trail.start,
    stops: details.flatMap((detail) =>
      detail ? [{ stall: trailStallInfo(detail), note: notes.get(detail.id) ?? "" }] : [],
    ),
  };
  return { trailId: trail.id, draft, base: JSON.stringify(base) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = trailIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const form = await readFormData(request);
  const submission = parseTrailForm(form);
  if (submission.status !== "success") return invalid(submission);
  const base = trailBaseSchema.safeParse(form.get("base"));
  try {
    await updateTrail(context.db, viewer.id, id.data, submission.value, base.success ? base.data : null);
    return redirect(`/food-trails/${id.data}`);
  } catch (error) {
    return refusal(error, submission);
  }
}

// A save made offline waits in the offline write queue and is sent once there is a network (ADR 029); it carries the
// trail as the editor loaded it, so it changes only the fields edited here, whenever it arrives.
export const clientAction = answerUnansweredPosts({
  offline: msg("Your trail changes could not be saved. Please try again."),
  queue: true,
});

export { skipReloadWhenQueued as shouldRevalidate } from "~/components/form/skip-reload-when-queued";

export default function EditFoodTrailPage() {
  const { trailId, draft, base } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to={`/food-trails/${trailId}`} className="font-semibold text-primary-strong underline">
          {t("Back to the trail")}
        </Link>
      </p>
      <h1 className="mt-2 font-bold text-2xl md:text-3xl">{t("Edit Food Trail")}</h1>
      <TrailEditor draft={draft} base={base} answer={actionData} submitLabel={t("Save changes")} />
    </div>
  );
}

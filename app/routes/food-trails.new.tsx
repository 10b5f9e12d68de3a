import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { trailStallInfo } from "~/components/food-trail/plan-stall";
import { type TrailDraft, TrailEditor } from "~/components/food-trail/trail-editor";
import { parseTrailForm } from "~/components/food-trail/trail-form";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { PageTitle } from "~/components/layout/page-shell";
import { RouteError } from "~/components/route-error";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { TRAIL_MAX_STOPS } from "~/lib/rules/trail-limits";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { createTrail } from "~/models/food-trail/food-trail.server";
import { findStallDetail } from "~/models/stall/stall.server";
import { invalid, keepActionHeaders, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Create a Food Trail")) }));

/** The stalls a new trail starts with: ?stalls=id1,id2 (from My Food Trail, a stall page or Feeling Hungry). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const asked = new URL(request.url).searchParams
    .getAll("stalls")
    .flatMap((value) => value.split(","))
    .filter((id) => stallIdSchema.safeParse(id).success);
  const ids = [...new Set(asked)].slice(0, TRAIL_MAX_STOPS);
  const details = await Promise.all(ids.map((id) => findStallDetail(context.db, id, viewer)));
  const draft: TrailDraft = {
    title: "",
    description: "",
    visibility: "public",
    start: null,
    stops: details.flatMap((detail) => (detail ? [{ stall: trailStallInfo(detail), note: "" }] : [])),
  };
  return { draft };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseTrailForm(await readFormData(request));
  if (submission.status !== "success") return invalid(submission);
  try {
    const { id } = await createTrail(context.db, viewer.id, submission.value);
    return redirect(`/food-trails/${id}`);
  } catch (error) {
    return refusal(error, submission);
  }
}

// No network: the editor says so and keeps the trail, instead of giving way to the error page. A new trail is not
// queued offline: its page and id come from the server.
export const clientAction = answerUnansweredPosts({
  offline: msg("Network error. Please check your internet connection."),
});

// A refusal past the daily number of trails keeps its Retry-After.
export const headers = keepActionHeaders;

export default function NewFoodTrailPage() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle
        title={t("Create a Food Trail")}
        subtitle={t("Pick two to twelve stalls, put them in walking order and see when you reach each one.")}
      />
      <TrailEditor draft={draft} answer={actionData} submitLabel={t("Save trail")} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError retry />;
}

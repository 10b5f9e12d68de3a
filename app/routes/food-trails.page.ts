import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TRAILS_LOAD_FAILED } from "~/components/food-trail/trail-list-section";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import { trailListQuerySchema } from "~/lib/schemas/food-trail";
import { listTrails } from "~/models/food-trail/food-trail.server";
import { listPageAnswer } from "~/request/answers.server";

/** The page after ?cursor= of one of /food-trails' lists (?list=), for its 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = trailListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return listPageAnswer(TRAILS_LOAD_FAILED, query, (asked) =>
    listTrails(context.db, viewer?.id ?? null, asked, new Date()),
  );
}

export const clientLoader = answerUnreachedPages(TRAILS_LOAD_FAILED);

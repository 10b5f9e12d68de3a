import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import { msg } from "~/lib/i18n/translate";
import { type ReelPageFailure, reelQuerySchema } from "~/lib/schemas/reels";
import { ModelError } from "~/models/model-error";
import { listReels } from "~/models/reel/read.server";

const LOAD_FAILED = msg("Could not load more reels. Please try again.");

/** The reels' page after ?cursor= for ?tab= (and ?near= for Nearby), for the feed's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = reelQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const failed = (status: number, error: string) => data({ error } satisfies ReelPageFailure, { status });
  if (!query.success) return failed(400, LOAD_FAILED);
  try {
    return await listReels(context.db, viewer, query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return failed(error.status, error.message);
  }
}

export const clientLoader = answerUnreachedPages(LOAD_FAILED);

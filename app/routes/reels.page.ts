import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import { msg } from "~/lib/i18n/translate";
import { reelQuerySchema } from "~/lib/schemas/reels";
import { listReels } from "~/models/reel/reel.server";
import { listPageAnswer } from "~/request/answers.server";

const LOAD_FAILED = msg("Could not load more reels. Please try again.");

/** The reels' page after ?cursor= for ?tab= (and ?near= for Nearby), for the feed's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = reelQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return listPageAnswer(LOAD_FAILED, query, (asked) => listReels(context.db, viewer, asked));
}

export const clientLoader = answerUnreachedPages(LOAD_FAILED);

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { POSTS_LOAD_FAILED } from "~/components/community/community-actions";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import { feedQuerySchema } from "~/lib/schemas/community";
import { readFeed } from "~/models/post/post.server";
import { listPageAnswer } from "~/request/answers.server";

/** The feed's page after ?cursor= for ?tab= (and ?near= for Nearby), for the list's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = feedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return listPageAnswer(POSTS_LOAD_FAILED, query, (asked) => readFeed(context.db, viewer, asked));
}

export const clientLoader = answerUnreachedPages(POSTS_LOAD_FAILED);

import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { POSTS_LOAD_FAILED } from "~/components/community/community-actions";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import { feedQuerySchema, type PostPageFailure } from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { readFeed } from "~/models/post.server";

/** The feed's page after ?cursor= for ?tab= (and ?near= for Nearby), for the list's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = feedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const failed = (status: number, error: string) => data({ error } satisfies PostPageFailure, { status });
  if (!query.success) return failed(400, POSTS_LOAD_FAILED);
  try {
    return await readFeed(context.db, viewer, query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return failed(error.status, error.message);
  }
}

export const clientLoader = answerUnreachedPages(POSTS_LOAD_FAILED);

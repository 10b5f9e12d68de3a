import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "~/lib/i18n/translate";
import { feedQuerySchema, type PostPageFailure } from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { readFeed } from "~/models/post.server";

const LOAD_FAILED = msg("Could not load more posts. Please try again.");

/** The feed's page after ?cursor= for ?tab= (and ?near= for Nearby), for the list's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = feedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const failed = (status: number, error: string) => data({ error } satisfies PostPageFailure, { status });
  if (!query.success) return failed(400, LOAD_FAILED);
  try {
    return await readFeed(context.db, viewer, query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return failed(error.status, error.message);
  }
}

import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { feedQuerySchema, type PostPage } from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { readFeed } from "~/models/post.server";

/** The feed's page after ?cursor= for ?tab= (and ?near= for Nearby), for the list's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = feedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const none = (status: number) => data({ data: [], next_cursor: null } satisfies PostPage, { status });
  if (!query.success) return none(400);
  try {
    return await readFeed(context.db, viewer, query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return none(error.status);
  }
}

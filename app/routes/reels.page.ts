import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type ReelPage, reelQuerySchema } from "~/lib/schemas/reels";
import { ModelError } from "~/models/model-error";
import { listReels } from "~/models/reel/read.server";

/** The reels' page after ?cursor= for ?tab= (and ?near= for Nearby), for the feed's 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const query = reelQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const none = (status: number) => data({ data: [], next_cursor: null } satisfies ReelPage, { status });
  if (!query.success) return none(400);
  try {
    return await listReels(context.db, viewer, query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return none(error.status);
  }
}

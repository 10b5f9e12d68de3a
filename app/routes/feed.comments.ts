import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { CommentsAnswer } from "~/components/community/community-actions";
import { postIdSchema } from "~/lib/schemas/post-id";
import { ModelError } from "~/models/model-error";
import { listComments, POST_NOT_FOUND } from "~/models/post/post.server";

/** A post's comments (?post=<id>), threaded one level, for its card; a post the reader may not see has none (404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const postId = postIdSchema.safeParse(new URL(request.url).searchParams.get("post"));
  try {
    if (!postId.success) throw new ModelError(404, POST_NOT_FOUND);
    return { comments: await listComments(context.db, viewer, postId.data) } satisfies CommentsAnswer;
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return data({ comments: [] } satisfies CommentsAnswer, { status: error.status });
  }
}

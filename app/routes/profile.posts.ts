import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { POSTS_LOAD_FAILED } from "~/components/community/community-actions";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import type { PostPage } from "~/lib/schemas/community";
import { listPostsBy, listSavedPosts } from "~/models/post/post.server";
import { requireUser } from "~/request/guards.server";

/** The next page of the own profile's Posts (?list=mine) or Saved posts (?list=saved), for 'Load more'. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<PostPage> {
  const viewer = await requireUser(request, context);
  const search = new URL(request.url).searchParams;
  const cursor = search.get("cursor") ?? undefined;
  return search.get("list") === "saved"
    ? listSavedPosts(context.db, viewer.id, cursor)
    : listPostsBy(context.db, viewer, viewer.id, cursor);
}

export const clientLoader = answerUnreachedPages(POSTS_LOAD_FAILED);

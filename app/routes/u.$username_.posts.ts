import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { POSTS_LOAD_FAILED } from "~/components/community/community-actions";
import { answerUnreachedPages } from "~/components/form/answer-unreached-pages";
import type { PostPage } from "~/lib/schemas/community";
import { listPostsBy } from "~/models/post/post.server";
import { getPublicProfile } from "~/models/public-profile.server";
import { notFoundPage } from "~/request/answers.server";

/** The next page of a public profile's posts, for its list's 'Load more' (the profile page reads the first). */
export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<PostPage> {
  const { db } = context;
  const viewer = await context.viewer();
  const profile = await getPublicProfile(db, viewer ? { id: viewer.id } : null, params.username ?? "").catch(
    notFoundPage,
  );
  if (profile.limited) throw new Response("Forbidden", { status: 403 });
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  return listPostsBy(db, viewer, profile.id, cursor);
}

export const clientLoader = answerUnreachedPages(POSTS_LOAD_FAILED);

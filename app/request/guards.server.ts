import { redirect } from "@remix-run/cloudflare";
import { isModerator } from "~/lib/schemas/moderation-fields";
import type { SessionUser } from "~/models/session.server";
import type { RequestContext } from "./context.server";

/** The signed-in user, or a redirect to /auth that brings them back here afterwards. */
export async function requireUser(request: Request, context: RequestContext): Promise<SessionUser> {
  const viewer = await context.viewer();
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return viewer;
}

/**
 * A moderator or admin (ADR 010): a visitor is sent to sign in like on any signed-in page; a signed-in user who
 * does not moderate gets the same 404 as a page that does not exist, so the queue's existence is not advertised.
 */
export async function requireModerator(request: Request, context: RequestContext): Promise<SessionUser> {
  const viewer = await requireUser(request, context);
  if (!isModerator(viewer)) throw new Response("Not Found", { status: 404 });
  return viewer;
}

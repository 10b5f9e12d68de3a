import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { linkOrigin, readConfig } from "~/lib/http/config.server";
import { isModerator } from "~/lib/schemas/moderation";
import type { AccountContext } from "~/models/account.server";
import { findViewer, type SessionUser } from "~/models/session.server";

/** What a page's loader or action needs from the request: database, KV, configuration and link origin. */
export function routeContext(request: Request, context: AppLoadContext): AccountContext {
  const env = context.cloudflare.env;
  const config = readConfig(env);
  return { db: getDb(env.DB), kv: env.KV, config, origin: linkOrigin(config, request.url) };
}

export async function getViewer(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const { db, kv } = routeContext(request, context);
  return findViewer(db, kv, request.headers);
}

/** The signed-in user, or a redirect to /auth that brings them back here afterwards. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const viewer = await getViewer(request, context);
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
export async function requireModerator(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const viewer = await requireViewer(request, context);
  if (!isModerator(viewer)) throw new Response("Not Found", { status: 404 });
  return viewer;
}

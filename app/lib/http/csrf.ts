import { SESSION_COOKIE } from "~/lib/auth/session-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery check for every state-changing request. A browser request carrying the session
 * cookie must come from this origin (the Origin header proves it); a request with a Bearer token cannot be
 * forged by another site, and one with neither has no session to abuse.
 */
export function isForgedRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  const ownOrigin = new URL(request.url).origin;
  if (origin !== null) return origin !== ownOrigin;
  if (request.headers.get("Authorization")?.startsWith("Bearer ")) return false;
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

import { SESSION_COOKIE } from "~/lib/auth/session-token";
import { setCookie } from "~/lib/http/set-cookie";

/** The web app's session cookie: HttpOnly, SameSite=Lax, Secure outside local development. */
export function sessionCookie(token: string, expiresAt: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return setCookie(SESSION_COOKIE, encodeURIComponent(token), { maxAge, httpOnly: true, secure });
}

export function clearedSessionCookie(secure: boolean): string {
  return setCookie(SESSION_COOKIE, "", { maxAge: 0, httpOnly: true, secure });
}

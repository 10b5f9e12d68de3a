// Where a request carries its session token: `Authorization: Bearer` for API clients, else the web app's cookie.

export const SESSION_COOKIE = "nukkad_session";

export function readSessionToken(headers: Headers): string | null {
  const authorization = headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  const cookies = headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join("=")) || null;
  }
  return null;
}

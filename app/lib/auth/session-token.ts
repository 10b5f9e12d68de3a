// Where a request carries its session token: `Authorization: Bearer` for API clients, else the web app's cookie.

export const SESSION_COOKIE = "nukkad_session";

export function readSessionToken(headers: Headers): string | null {
  const authorization = headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  const cookies = headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodedToken(value.join("="));
  }
  return null;
}

/** A cookie value that is not valid percent-encoding carries no token (a mangled or forged cookie): not an error. */
function decodedToken(value: string): string | null {
  try {
    return decodeURIComponent(value) || null;
  } catch {
    return null;
  }
}

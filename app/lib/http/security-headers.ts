// Baseline security headers for every response the Worker sends. Map tiles come from OpenStreetMap, so the
// tile host is the one outside origin images may load from.

export const TILE_HOSTS = ["https://tile.openstreetmap.org", "https://*.tile.openstreetmap.org"];

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Leaflet positions tiles and markers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${TILE_HOSTS.join(" ")}`,
    // The reel form reads a chosen clip's first frame through a video element on a blob: URL of the file.
    "media-src 'self' blob:",
    // Also the service worker's policy (sw.js gets these headers too): it fetches the map tiles it keeps (ADR 029).
    `connect-src 'self' ${TILE_HOSTS.join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A year of HTTPS-only visits, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** `requestUrl` decides HSTS: sent over https only, so local http://127.0.0.1 runs are never pinned to https. */
export function applySecurityHeaders(headers: Headers, nonce: string, requestUrl: string): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "geolocation=(self), camera=(), microphone=()");
  if (new URL(requestUrl).protocol === "https:")
    headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
}

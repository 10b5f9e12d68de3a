/** The visitor's IP as Cloudflare reports it (it cannot be set by the client); "unknown" outside Cloudflare. */
export function clientIp(headers: Headers): string {
  return headers.get("CF-Connecting-IP") ?? "unknown";
}

import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
} from "~/lib/http/security-headers";

describe("security headers", () => {
  it("allows scripts only from this origin and the request's nonce", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("allows OpenStreetMap tiles as images and forbids framing", () => {
    const csp = contentSecurityPolicy("n");
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  // Issue 34: choosing a clip on /reels/new logged a violation, since default-src alone refused blob: media.
  it("lets a video element play this origin's clips and a chosen file's blob: URL, and nothing else", () => {
    expect(contentSecurityPolicy("n")).toMatch(/(?:^|; )media-src 'self' blob:(?:;|$)/);
  });

  it("sets the baseline headers", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, "n", "https://nukkad.example/");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Content-Security-Policy")).toContain("nonce-n");
  });

  // Outside audit: HSTS was absent.
  it("pins browsers to https on an https origin, and not on a local http one", () => {
    const https = new Headers();
    applySecurityHeaders(https, "n", "https://nukkad.example/stall/abc");
    expect(https.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=31536000; includeSubDomains");
    const local = new Headers();
    applySecurityHeaders(local, "n", "http://127.0.0.1:8787/");
    expect(local.get("Strict-Transport-Security")).toBeNull();
  });
});

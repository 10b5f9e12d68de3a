import { describe, expect, it } from "vitest";
import { applySecurityHeaders, contentSecurityPolicy } from "./security-headers";

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

  it("sets the baseline headers", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, "n");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Content-Security-Policy")).toContain("nonce-n");
  });
});

import { describe, expect, it } from "vitest";
import { isForgedRequest } from "~/lib/http/csrf";

const request = (method: string, headers: Record<string, string>) =>
  new Request("https://nukkad.app/api/profile", { method, headers });

describe("isForgedRequest", () => {
  it("lets reads through", () => {
    expect(
      isForgedRequest(request("GET", { Origin: "https://evil.example", Cookie: "nukkad_session=x" })),
    ).toBe(false);
  });

  it("accepts writes from this origin and refuses them from another", () => {
    expect(
      isForgedRequest(request("POST", { Origin: "https://nukkad.app", Cookie: "nukkad_session=x" })),
    ).toBe(false);
    expect(
      isForgedRequest(request("POST", { Origin: "https://evil.example", Cookie: "nukkad_session=x" })),
    ).toBe(true);
    expect(isForgedRequest(request("PUT", { Origin: "null" }))).toBe(true);
  });

  it("refuses a cookie-authenticated write without an Origin, accepts Bearer and anonymous ones", () => {
    expect(isForgedRequest(request("POST", { Cookie: "a=1; nukkad_session=x" }))).toBe(true);
    expect(isForgedRequest(request("POST", { Authorization: "Bearer abc" }))).toBe(false);
    expect(isForgedRequest(request("POST", {}))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readSessionToken, SESSION_COOKIE } from "./session-token";

const headers = (init: Record<string, string>) => new Headers(init);

describe("readSessionToken", () => {
  it("reads a bearer token before the cookie", () => {
    expect(
      readSessionToken(headers({ Authorization: "Bearer abc", Cookie: `${SESSION_COOKIE}=other` })),
    ).toBe("abc");
  });

  it("reads the session cookie among others, decoded", () => {
    expect(readSessionToken(headers({ Cookie: `nukkad-theme=dark; ${SESSION_COOKIE}=a%2Bb=c` }))).toBe(
      "a+b=c",
    );
  });

  it.each([
    ["no headers", {}],
    ["an empty bearer", { Authorization: "Bearer  " }],
    ["another scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
    ["a cleared cookie", { Cookie: `${SESSION_COOKIE}=` }],
    ["a cookie whose name only starts the same", { Cookie: `${SESSION_COOKIE}x=abc` }],
    ["a value that is not percent-encoding", { Cookie: `${SESSION_COOKIE}=%E0%A4%A` }],
  ])("finds no token with %s", (_, init: Record<string, string>) => {
    expect(readSessionToken(headers(init))).toBeNull();
  });
});

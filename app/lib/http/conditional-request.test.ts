import { describe, expect, it } from "vitest";
import { conditionalHeaders } from "~/lib/http/conditional-request";

const kept = (headers: Record<string, string>) =>
  Object.fromEntries(conditionalHeaders(new Headers(headers)));

describe("conditionalHeaders", () => {
  it.each([
    ["if-match", '"abc"'],
    ["if-match", "*"],
    ["if-match", '"abc", W/"def"'],
    ["if-none-match", 'W/"abc"'],
    ["if-none-match", '"a",,"b"'],
    ["if-none-match", '""'],
    ["if-modified-since", "Wed, 25 Nov 2026 10:00:00 GMT"],
    ["if-unmodified-since", "Wednesday, 25-Nov-26 10:00:00 GMT"],
  ])("keeps a well-formed %s: %s", (name, value) => {
    expect(kept({ [name]: value })).toEqual({ [name]: value });
  });

  it.each([
    ["if-none-match", "abc"],
    ["if-none-match", '"a b"'],
    ["if-none-match", 'w/"abc"'],
    ["if-match", 'junk, "abc"'],
    ["if-match", '"abc", *'],
    ["if-match", ","],
    ["if-modified-since", "yesterday"],
    ["if-unmodified-since", ""],
  ])("drops a malformed %s: %s", (name, value) => {
    expect(kept({ [name]: value })).toEqual({});
  });

  it("keeps only the conditional headers, each judged on its own", () => {
    expect(
      kept({ "If-None-Match": '"abc"', "If-Match": "garbage", Range: "bytes=0-1", Cookie: "a=b" }),
    ).toEqual({
      "if-none-match": '"abc"',
    });
  });
});

import { describe, expect, it } from "vitest";
import { isProfileLimited } from "./profile-visibility";

describe("isProfileLimited", () => {
  const open = { id: "asha", visibility: "public" as const };
  const closed = { id: "asha", visibility: "followers" as const };

  it("never limits a public profile", () => {
    expect(isProfileLimited(open, null, false)).toBe(false);
    expect(isProfileLimited(open, "ravi", false)).toBe(false);
  });

  it("limits a followers-only profile for visitors and people who do not follow", () => {
    expect(isProfileLimited(closed, null, false)).toBe(true);
    expect(isProfileLimited(closed, "ravi", false)).toBe(true);
  });

  it("shows a followers-only profile to its followers and its owner", () => {
    expect(isProfileLimited(closed, "ravi", true)).toBe(false);
    expect(isProfileLimited(closed, "asha", false)).toBe(false);
  });
});

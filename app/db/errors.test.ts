import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors";

describe("isUniqueViolation", () => {
  it("finds the violation in the error or in a wrapped cause", () => {
    const d1 = new Error("D1_ERROR: UNIQUE constraint failed: profiles.username: SQLITE_CONSTRAINT");
    expect(isUniqueViolation(d1, "profiles.username")).toBe(true);
    expect(isUniqueViolation(new Error("Failed query: update ...", { cause: d1 }), "profiles.username")).toBe(
      true,
    );
  });

  it("is false for other columns and other errors", () => {
    const d1 = new Error("UNIQUE constraint failed: users.email");
    expect(isUniqueViolation(d1, "profiles.username")).toBe(false);
    expect(isUniqueViolation(new Error("disk full"), "users.email")).toBe(false);
    expect(isUniqueViolation("UNIQUE constraint failed: users.email", "users.email")).toBe(false);
  });
});

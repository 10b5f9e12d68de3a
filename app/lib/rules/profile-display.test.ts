import { describe, expect, it } from "vitest";
import { achievements, initials } from "~/lib/rules/profile-display";

describe("initials", () => {
  it.each([
    ["Asha Rao", "AR"],
    ["vikram singh mehta", "VS"],
    ["  Meena  ", "M"],
    ["", ""],
    ["ébène kaur", "ÉK"],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("achievements", () => {
  it("gives Explorer to everyone and the rest for real activity", () => {
    expect(achievements({ stallsApproved: 0, emailVerified: false }).map((a) => a.name)).toEqual([
      "Explorer",
    ]);
    expect(achievements({ stallsApproved: 5, emailVerified: true }).map((a) => a.name)).toEqual([
      "Explorer",
      "Trusted Foodie",
      "First Find",
      "Local Guide",
    ]);
  });

  it("awards First Find for a stall that went live, not for one waiting or rejected", () => {
    expect(achievements({ stallsApproved: 0, emailVerified: true }).map((a) => a.name)).not.toContain(
      "First Find",
    );
    expect(achievements({ stallsApproved: 1, emailVerified: true }).map((a) => a.name)).toContain(
      "First Find",
    );
  });
});

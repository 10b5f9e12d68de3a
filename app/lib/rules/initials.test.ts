import { describe, expect, it } from "vitest";
import { initials } from "~/lib/rules/initials";

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

import { describe, expect, it } from "vitest";
import { achievements } from "~/lib/rules/profile-display";

describe("achievements", () => {
  it("gives Explorer to everyone and the rest for what was earned, in the rules' order", () => {
    expect(achievements({ earned: [], emailVerified: false }).map((a) => a.name)).toEqual(["Explorer"]);
    expect(
      achievements({ earned: ["trailblazer", "local_guide", "first_find"], emailVerified: true }).map(
        (a) => a.name,
      ),
    ).toEqual(["Explorer", "Trusted Foodie", "First Find", "Local Guide", "Trailblazer"]);
  });

  it("gives Trusted Foodie only for a confirmed e-mail", () => {
    expect(achievements({ earned: ["critic"], emailVerified: false }).map((a) => a.name)).toEqual([
      "Explorer",
      "Street Food Critic",
    ]);
  });
});

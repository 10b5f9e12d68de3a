import { describe, expect, it } from "vitest";
import { type ReporterStanding, reportWeight, weighsEnoughToHide } from "~/lib/rules/report-weight";

const reporter = (overrides: Partial<ReporterStanding> = {}): ReporterStanding => ({
  emailConfirmed: true,
  trustLevel: 1,
  recentDecisions: [],
  ...overrides,
});

describe("reportWeight", () => {
  it.each([
    ["a confirmed reporter", {}, 1],
    ["a new confirmed reporter", { trustLevel: 0 }, 1],
    ["an unconfirmed e-mail", { emailConfirmed: false, trustLevel: 2 }, 0],
    ["a trusted member", { trustLevel: 2 }, 1.5],
    ["2 of the last 5 dismissed", { recentDecisions: ["keep", "hide", "keep", "hide", "hide"] }, 1],
    ["3 of the last 5 dismissed", { recentDecisions: ["keep", "hide", "keep", "hide", "keep"] }, 0.5],
    [
      "3 dismissed but not among the last 5",
      { recentDecisions: ["hide", "hide", "hide", "hide", "hide", "keep", "keep", "keep"] },
      1,
    ],
    ["a trusted member often dismissed", { trustLevel: 2, recentDecisions: ["keep", "keep", "keep"] }, 0.5],
  ] as const)("%s weighs %d", (_, overrides, weight) => {
    expect(reportWeight(reporter(overrides))).toBe(weight);
  });
});

describe("weighsEnoughToHide", () => {
  it("compares the weighted sum with the threshold", () => {
    expect(weighsEnoughToHide([reporter(), reporter()], 3)).toBe(false);
    expect(weighsEnoughToHide([reporter(), reporter(), reporter()], 3)).toBe(true);
    expect(weighsEnoughToHide([reporter({ trustLevel: 2 }), reporter({ trustLevel: 2 })], 3)).toBe(true);
    expect(weighsEnoughToHide([reporter(), reporter(), reporter({ emailConfirmed: false })], 3)).toBe(false);
    const doubted = reporter({ recentDecisions: ["keep", "keep", "keep"] });
    expect(weighsEnoughToHide([reporter(), reporter(), doubted], 3)).toBe(false);
    expect(weighsEnoughToHide([reporter(), reporter(), doubted, doubted], 3)).toBe(true);
  });
});

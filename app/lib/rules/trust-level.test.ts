import { describe, expect, it } from "vitest";
import { newAccountTextProblem, type TrustFacts, trustLevel } from "~/lib/rules/trust-level";

const NOW = Date.UTC(2026, 10, 29, 12);
const DAY = 86_400_000;
const facts = (overrides: Partial<TrustFacts>): TrustFacts => ({
  createdAt: NOW - 60 * DAY,
  emailConfirmed: true,
  approvedContributions: 20,
  upheldReports: 0,
  ...overrides,
});

describe("trustLevel", () => {
  it.each([
    ["an account in its first 24 hours", { createdAt: NOW - DAY + 1 }, 0],
    ["no approved contribution yet", { approvedContributions: 0 }, 0],
    ["an unconfirmed e-mail", { emailConfirmed: false }, 0],
    ["a day old with one contribution", { createdAt: NOW - DAY, approvedContributions: 1 }, 1],
    ["29 days old with many contributions", { createdAt: NOW - 29 * DAY }, 1],
    ["30 days old with 9 contributions", { createdAt: NOW - 30 * DAY, approvedContributions: 9 }, 1],
    ["30 days old with 10 contributions", { createdAt: NOW - 30 * DAY, approvedContributions: 10 }, 2],
    ["a member with one upheld report", { upheldReports: 1 }, 1],
    ["a member with two upheld reports", { upheldReports: 2 }, 0],
    ["a basic member with one upheld report", { approvedContributions: 3, upheldReports: 1 }, 0],
    ["a new account with upheld reports", { approvedContributions: 0, upheldReports: 4 }, 0],
  ] as const)("%s is level %i", (_, overrides, level) => {
    expect(trustLevel(facts(overrides), NOW)).toBe(level);
  });
});

describe("newAccountTextProblem", () => {
  it.each([
    ["Best chai near the station", 0, "post", null],
    ["See https://spam.example/deal", 0, "post", "link"],
    ["Order at www.cheap-momos.in today", 0, "comment", "link"],
    ["Followers at cheapfollowers.shop", 0, "comment", "link"],
    ["Rated 4.5 out of 5, 10.30 am opening", 0, "post", null],
    ["Two friends", 2, "post", null],
    ["Three friends", 3, "post", "mentions"],
    ["Three friends in a comment", 3, "comment", null],
  ] as const)("%s (%i mentions, a %s) is %s", (text, mentions, where, problem) => {
    expect(newAccountTextProblem(text, mentions, where)).toBe(problem);
  });
});

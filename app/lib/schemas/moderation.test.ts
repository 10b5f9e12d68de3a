import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import {
  moderationActionSchema,
  moderationPageQuerySchema,
  queueQuerySchema,
  readQueuePageQuery,
  stallClaimSchema,
  stallReportSchema,
} from "~/lib/schemas/moderation";
import {
  encodeQueueCursor,
  isModerator,
  QUEUE_SEARCH_MAX,
  reportKindLabel,
} from "~/lib/schemas/moderation-fields";

describe("stallReportSchema", () => {
  it("trims details and lets them be left out except for 'other'", () => {
    expect(stallReportSchema.parse({ kind: "moved" })).toEqual({ kind: "moved", details: "" });
    expect(stallReportSchema.parse({ kind: "other", details: "  Sells only on Sundays  " })).toEqual({
      kind: "other",
      details: "Sells only on Sundays",
    });
    const missing = stallReportSchema.safeParse({ kind: "other", details: " " });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ["details"],
      message: "Please describe the problem",
    });
  });

  it("refuses unknown kinds and over-long details", () => {
    expect(stallReportSchema.safeParse({ kind: "haunted" }).error?.issues[0]?.message).toBe(
      "Please choose what is wrong",
    );
    expect(stallReportSchema.safeParse({ kind: "moved", details: "x".repeat(1001) }).success).toBe(false);
    expect(stallReportSchema.safeParse({ kind: "moved", details: "x".repeat(1000) }).success).toBe(true);
  });
});

describe("stallClaimSchema", () => {
  it("requires every field of the claim modal", () => {
    const result = stallClaimSchema.safeParse({});
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Please enter your name"],
      ["phone", "Please enter your phone number"],
      ["reason", "Please tell us why this stall is yours"],
    ]);
  });

  it("trims the values and checks the phone", () => {
    expect(stallClaimSchema.parse({ name: " Ramesh ", phone: " 98765 43210 ", reason: " Mine " })).toEqual({
      name: "Ramesh",
      phone: "98765 43210",
      reason: "Mine",
    });
    expect(
      stallClaimSchema.safeParse({ name: "R", phone: "555-0100", reason: "Mine" }).error?.issues[0]?.message,
    ).toBe("Please enter a valid phone number");
  });
});

describe("moderationActionSchema", () => {
  it("needs a reason of at most 500 characters to reject a stall", () => {
    expect(moderationActionSchema.safeParse({ intent: "reject-stall", stall: "abc" }).success).toBe(false);
    expect(
      moderationActionSchema.safeParse({ intent: "reject-stall", stall: "abc", reason: "x".repeat(501) })
        .success,
    ).toBe(false);
    expect(
      moderationActionSchema.parse({ intent: "reject-stall", stall: "abc", reason: " Duplicate " }),
    ).toEqual({
      intent: "reject-stall",
      stall: "abc",
      reason: "Duplicate",
    });
  });

  it("refuses unknown intents and malformed ids", () => {
    expect(moderationActionSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
    expect(moderationActionSchema.safeParse({ intent: "approve-stall", stall: "../x" }).success).toBe(false);
    expect(moderationActionSchema.safeParse({ intent: "resolve-report", report: -1 }).success).toBe(false);
    expect(moderationActionSchema.safeParse({ intent: "approve-claim", claim: 1.5 }).success).toBe(false);
  });
});

describe("small rules", () => {
  it("lets moderators and admins moderate, nobody else", () => {
    expect(isModerator({ role: "moderator" })).toBe(true);
    expect(isModerator({ role: "admin" })).toBe(true);
    expect(isModerator({ role: "user" })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });

  it("labels report kinds", () => {
    expect(reportKindLabel("closed")).toBe("Closed for good");
  });
});

describe("queueQuerySchema", () => {
  it("defaults to the whole queue oldest first, and reads back the cursors it wrote", () => {
    expect(queueQuerySchema.parse({})).toEqual({ q: "", sort: "oldest" });
    const cursor = encodeQueueCursor({ direction: "before", at: 1_700_000_000_000, id: 42 });
    expect(queueQuerySchema.parse({ q: "  Dosa Corner ", sort: "newest", cursor })).toEqual({
      q: "Dosa Corner",
      sort: "newest",
      cursor: { direction: "before", at: 1_700_000_000_000, id: 42 },
    });
  });

  it("refuses cursors it did not write, unknown orders and searches past their length", () => {
    for (const cursor of [
      "not base64 !!",
      btoa('["sideways",1,2]'),
      btoa('["after","1",2]'),
      btoa('["after",1]'),
    ]) {
      expect(queueQuerySchema.safeParse({ cursor }).error?.issues[0]?.message).toBe("cursor: Invalid cursor");
    }
    expect(queueQuerySchema.safeParse({ sort: "random" }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ q: "x".repeat(QUEUE_SEARCH_MAX + 1) }).success).toBe(false);
    expect(queueQuerySchema.safeParse({ q: "x".repeat(QUEUE_SEARCH_MAX) }).success).toBe(true);
  });
});

describe("readQueuePageQuery", () => {
  it("keeps what it can read of a page's link and says what it left out", () => {
    const read = readQueuePageQuery(
      moderationPageQuerySchema,
      new URLSearchParams({ tab: "claims", q: "Indiranagar", sort: "sideways", cursor: "zzz" }),
    );
    expect(read.query).toEqual({ tab: "claims", q: "Indiranagar", sort: "oldest" });
    expect(translatorFor("en")(read.notice ?? "")).toBe(
      "Part of this link could not be read (sort, cursor), so it was left out.",
    );
    expect(readQueuePageQuery(queueQuerySchema, new URLSearchParams("q=chai")).notice).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { accountActionSchema } from "./account-action";

// The account action's body (ADR 052): a day alone ends with that day in India, a date-time needs its offset, and an
// end is only for a restriction and only ahead.

const parse = (body: unknown) => accountActionSchema.safeParse(body);
const nextYear = new Date().getUTCFullYear() + 1;

describe("accountActionSchema", () => {
  it("reads a day as its last millisecond in India, and a date-time with its offset as written", () => {
    expect(parse({ action: "silence", reason: "Flooding", until: `${nextYear}-03-01` }).data?.until).toBe(
      Date.parse(`${nextYear}-03-01T18:29:59.999Z`),
    );
    expect(
      parse({ action: "suspend", reason: "Spam", until: `${nextYear}-03-01T10:00:00+05:30` }).data?.until,
    ).toBe(Date.parse(`${nextYear}-03-01T04:30:00Z`));
  });

  it("refuses an end without an offset, in the past, or on a warning or a lift", () => {
    const fieldOf = (body: unknown) => parse(body).error?.issues.map((issue) => issue.path.join("."));
    expect(fieldOf({ action: "silence", reason: "x", until: `${nextYear}-03-01T10:00` })).toEqual(["until"]);
    expect(fieldOf({ action: "silence", reason: "x", until: "2020-01-01" })).toEqual(["until"]);
    expect(fieldOf({ action: "warn", reason: "x", until: `${nextYear}-03-01` })).toEqual(["until"]);
    expect(fieldOf({ action: "lift", reason: "x", until: `${nextYear}-03-01` })).toEqual(["until"]);
  });

  it("needs an action it knows and a reason, and nothing else", () => {
    expect(parse({ action: "ban", reason: "x" }).success).toBe(false);
    expect(parse({ action: "warn", reason: "   " }).success).toBe(false);
    expect(parse({ action: "warn", reason: "Be kind", note: "extra" }).success).toBe(false);
    expect(parse({ action: "remove_spam", reason: "Spam ring" }).data).toEqual({
      action: "remove_spam",
      reason: "Spam ring",
    });
  });
});

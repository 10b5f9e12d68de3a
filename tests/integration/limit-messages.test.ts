import { describe, expect, it } from "vitest";
import { SMALL_PHOTO_MAX_WIDTH } from "~/lib/http/image-size";
import { NOTE_MAX_LENGTH, NOTE_TOO_LONG } from "~/lib/schemas/favourites-fields";
import {
  CLAIM_REASON_MAX,
  CLAIM_REASON_TOO_LONG,
  REPORT_DETAILS_MAX,
  REPORT_DETAILS_TOO_LONG,
} from "~/lib/schemas/moderation-fields";
import { REVIEW_MAX_LENGTH, REVIEW_TOO_LONG } from "~/lib/schemas/reviews";
import { SMALL_PHOTO_INVALID } from "~/models/photo.server";
import { dailyLimit } from "~/models/rate-limit.server";

// A refusal that names a limit is a whole sentence with the number written in (ADR 019: each language words it its
// own way); these keep the number in the sentence and the limit in the code the same.
describe("refusals that name a limit", () => {
  it.each([
    [NOTE_TOO_LONG, NOTE_MAX_LENGTH],
    [REVIEW_TOO_LONG, REVIEW_MAX_LENGTH],
    [REPORT_DETAILS_TOO_LONG, REPORT_DETAILS_MAX],
    [CLAIM_REASON_TOO_LONG, CLAIM_REASON_MAX],
    [SMALL_PHOTO_INVALID, SMALL_PHOTO_MAX_WIDTH],
  ])("%s says %i", (message, limit) => {
    expect(message).toContain(` ${limit} `);
  });

  it("refuse to define a daily limit whose sentence names another number", () => {
    expect(dailyLimit(5, "You can do up to 5 things a day.").limit).toBe(5);
    expect(() => dailyLimit(6, "You can do up to 5 things a day.")).toThrow(/does not say the limit, 6/);
  });
});

import { describe, expect, it } from "vitest";
import { readTrailSort, sortTrail, type TrailEntry, trailCounts } from "~/lib/rules/trail";
import { favouriteToggleSchema, favouriteUpdateSchema } from "~/lib/schemas/favourites";
import { NOTE_MAX_LENGTH } from "~/lib/schemas/favourites-fields";
import { reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";

const entry = (
  name: string,
  created_at: number,
  personal_rating: number | null,
  rating_average: number | null,
  latitude = 12.97,
  note: string | null = null,
) => ({ name, created_at, personal_rating, note, stall: { latitude, longitude: 77.59, rating_average } });

const names = (entries: { name: string }[]) => entries.map((e) => e.name);

describe("sortTrail", () => {
  const entries = [
    entry("old five", 1, 5, 3.9, 13.2),
    entry("new unrated", 3, null, 4.8, 12.98),
    entry("mid four", 2, 4, 4.1, 12.971),
    entry("newest four", 4, 4, 4.5, 13.5),
  ];
  const here = { lat: 12.97, lng: 77.59 };

  it.each([
    [
      "date",
      "puts the newest bookmark first by default",
      ["newest four", "new unrated", "mid four", "old five"],
    ],
    [
      "distance",
      "puts the nearest first when a location is known",
      ["mid four", "new unrated", "old five", "newest four"],
    ],
    [
      "rating",
      "ranks by the user's own stars, then the public average, unrated last",
      ["old five", "newest four", "mid four", "new unrated"],
    ],
  ] as const)("by %s %s", (sort, _rule, expected) => {
    expect(names(sortTrail(entries, sort, here))).toEqual(expected);
  });

  it("falls back to date for distance without a location", () => {
    expect(names(sortTrail(entries, "distance", null))).toEqual(names(sortTrail(entries, "date", null)));
  });

  it("does not reorder the list it was given", () => {
    const copy = [...entries];
    sortTrail(entries, "rating", null);
    expect(entries).toEqual(copy);
  });
});

describe("trailCounts", () => {
  it("counts bookmarks, five-star ones and those with a note", () => {
    const entries: TrailEntry[] = [
      entry("a", 1, 5, null, 12, "crispy"),
      entry("b", 2, 5, null, 12, "   "),
      entry("c", 3, 3, null, 12, null),
    ];
    expect(trailCounts(entries)).toEqual({ bookmarked: 3, fiveStar: 2, withNotes: 1 });
    expect(trailCounts([])).toEqual({ bookmarked: 0, fiveStar: 0, withNotes: 0 });
  });
});

describe("readTrailSort", () => {
  it.each([
    ["distance", "distance"],
    ["rating", "rating"],
    ["date", "date"],
    ["price", "date"],
    [null, "date"],
  ] as const)("%j -> %s", (value, expected) => {
    expect(readTrailSort(value)).toBe(expected);
  });
});

describe("favouriteUpdateSchema", () => {
  it("accepts a note, a rating, both, or null to clear", () => {
    expect(favouriteUpdateSchema.parse({ note: "  Go early  " })).toEqual({ note: "Go early" });
    expect(favouriteUpdateSchema.parse({ personal_rating: 5 })).toEqual({ personal_rating: 5 });
    expect(favouriteUpdateSchema.parse({ note: "", personal_rating: null })).toEqual({
      note: null,
      personal_rating: null,
    });
  });

  it.each([
    [{ personal_rating: 0 }],
    [{ personal_rating: 6 }],
    [{ personal_rating: 2.5 }],
    [{ personal_rating: "4" }],
    [{ note: 42 }],
    [{ note: "x".repeat(NOTE_MAX_LENGTH + 1) }],
    [{}],
    [{ note: "fine", user_id: "someone-else" }],
  ])("refuses %j", (input) => {
    expect(favouriteUpdateSchema.safeParse(input).success).toBe(false);
  });

  it("keeps a note of exactly the limit", () => {
    expect(favouriteUpdateSchema.safeParse({ note: "x".repeat(NOTE_MAX_LENGTH) }).success).toBe(true);
  });
});

describe("favouriteToggleSchema", () => {
  it.each([[{}], [{ stallId: "" }], [{ stallId: 7 }], [{ stallId: "x".repeat(65) }]])(
    "refuses %j",
    (input) => {
      expect(favouriteToggleSchema.safeParse(input).success).toBe(false);
    },
  );
});

describe("reviewSchema", () => {
  it("takes a rating with optional text, empty text meaning none", () => {
    expect(reviewSchema.parse({ rating: 4 })).toEqual({ rating: 4, body: null });
    expect(reviewSchema.parse({ rating: 1, body: "  " })).toEqual({ rating: 1, body: null });
    expect(reviewSchema.parse({ rating: 5, body: " Best idli " })).toEqual({ rating: 5, body: "Best idli" });
  });

  it.each([
    [{ rating: 0 }],
    [{ rating: 6 }],
    [{ rating: 2.5 }],
    [{ rating: "five" }],
    [{}],
    [{ rating: 3, body: "x".repeat(1001) }],
  ])("refuses %j", (input) => {
    expect(reviewSchema.safeParse(input).success).toBe(false);
  });

  it("requires a reason to report", () => {
    expect(reviewReportSchema.safeParse({ reason: "  " }).success).toBe(false);
    expect(reviewReportSchema.parse({ reason: " Spam " })).toEqual({ reason: "Spam" });
  });
});

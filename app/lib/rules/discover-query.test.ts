import { describe, expect, it } from "vitest";
import { type DiscoverQuery, readDiscoverFilter, sameQuery } from "~/lib/rules/discover-query";

describe("readDiscoverFilter", () => {
  it("reads the four filters and takes anything else for All", () => {
    expect(["all", "nearby", "open_now", "new"].map(readDiscoverFilter)).toEqual([
      "all",
      "nearby",
      "open_now",
      "new",
    ]);
    expect(readDiscoverFilter(null)).toBe("all");
    expect(readDiscoverFilter("open")).toBe("all");
  });
});

describe("sameQuery", () => {
  const query: DiscoverQuery = {
    box: { south: 28.5, west: 77.1, north: 28.7, east: 77.3 },
    from: { lat: 28.6, lng: 77.2 },
    filter: "all",
  };

  it("is the same box, origin and filter, whatever the objects", () => {
    expect(sameQuery(query, { ...query, box: { ...query.box }, from: { ...query.from } })).toBe(true);
  });

  it("differs in the filter, the origin or the box", () => {
    expect(sameQuery(query, { ...query, filter: "new" })).toBe(false);
    expect(sameQuery(query, { ...query, from: { lat: 28.6, lng: 77.21 } })).toBe(false);
    // A box inside the other is not the same load: its stalls are fewer.
    expect(sameQuery(query, { ...query, box: { ...query.box, north: 28.65 } })).toBe(false);
    expect(sameQuery({ ...query, box: { ...query.box, north: 28.65 } }, query)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { MARKER_COLOURS, markerKind, YOU_ARE_HERE_COLOUR } from "~/lib/rules/markers";

describe("markerKind", () => {
  it("is red for a closed stall whatever its tags", () => {
    expect(markerKind(false, ["hidden gem"])).toBe("closed");
    expect(MARKER_COLOURS.closed).toBe("#dc2626");
  });

  it("colours open stalls: hidden gem yellow, trending amber, popular blue, else green", () => {
    expect(markerKind(true, ["hidden gem", "trending now"])).toBe("hidden-gem");
    expect(markerKind(true, ["trending now", "popular spot"])).toBe("trending");
    expect(markerKind(true, ["popular spot"])).toBe("popular");
    expect(markerKind(true, ["budget friendly"])).toBe("open");
    expect(markerKind(true, [])).toBe("open");
  });
});

describe("the You are here dot", () => {
  it("has a colour no stall marker has", () => {
    expect(Object.values(MARKER_COLOURS)).not.toContain(YOU_ARE_HERE_COLOUR);
  });
});

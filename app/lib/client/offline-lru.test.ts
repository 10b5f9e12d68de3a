import { describe, expect, it } from "vitest";
import { overCap } from "./offline-lru";

describe("overCap", () => {
  it("keeps everything under the cap", () => {
    expect(overCap([{ url: "/a", bytes: 10, usedAt: 1 }], 10)).toEqual([]);
    expect(overCap([], 0)).toEqual([]);
  });

  it("drops the least recently used until the rest fit", () => {
    const files = [
      { url: "/new", bytes: 40, usedAt: 300 },
      { url: "/old", bytes: 30, usedAt: 100 },
      { url: "/mid", bytes: 30, usedAt: 200 },
    ];
    expect(overCap(files, 70)).toEqual(["/old"]);
    expect(overCap(files, 40)).toEqual(["/old", "/mid"]);
    expect(overCap(files, 10)).toEqual(["/old", "/mid", "/new"]);
  });

  it("orders ties by URL, so two syncs agree", () => {
    const files = [
      { url: "/b", bytes: 5, usedAt: 1 },
      { url: "/a", bytes: 5, usedAt: 1 },
    ];
    expect(overCap(files, 5)).toEqual(["/a"]);
  });
});

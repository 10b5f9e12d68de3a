import { describe, expect, it } from "vitest";
import { aliasIndex, closestQuery, expandQuery } from "~/lib/rules/alias";
import { looseKey } from "~/lib/rules/normalise";

// The dish_aliases rows, written a dish with its aliases.
const aliasRows = (aliasesByDish: Record<string, string[]>) =>
  Object.entries(aliasesByDish).flatMap(([dish, aliases]) => aliases.map((alias) => ({ dish, alias })));

const index = aliasIndex(
  aliasRows({
    "pani puri": ["golgappa", "puchka", "पानी पूरी"],
    chai: ["tea", "चाय"],
    vada: ["wada"],
    "vada pav": ["batata vada"],
  }),
);

describe("expandQuery", () => {
  it("turns a dish named by any of its names, in either script, into all of them", () => {
    const panipuri = ["pani puri", "panipuri", "golgapa", "puchka"];
    for (const query of ["golgappe", "Puchka", "pani puri", "panipuri", "पानी पूरी", "गोलगप्पा"]) {
      expect(expandQuery(query, index)).toEqual([expect.arrayContaining(panipuri)]);
    }
    expect(expandQuery("चाय", index)).toEqual([expect.arrayContaining(["chai", "tea"])]);
  });

  it("prefers the longest name, and leaves other words as their keys", () => {
    expect(expandQuery("vada pav koramangala", index)).toEqual([
      expect.arrayContaining([looseKey("vada pav"), looseKey("batata vada")]),
      ["koramangala"],
    ]);
    expect(expandQuery("wada", index)).toEqual([expect.arrayContaining([looseKey("vada")])]);
    expect(expandQuery("masala tea", index)).toEqual([["masala"], expect.arrayContaining(["chai", "tea"])]);
  });

  it("expands nothing for a part of a name or an empty query", () => {
    expect(expandQuery("puri", index)).toEqual([["puri"]]);
    expect(expandQuery("  ", index)).toEqual([]);
    expect(expandQuery("x", aliasIndex([]))).toEqual([["x"]]);
  });
});

describe("closestQuery", () => {
  const vocabulary = ["biryani", "samosa", "Masala Dosa", "पानी पूरी"];

  it("replaces an unknown word with the closest known one", () => {
    expect(closestQuery("biryni", vocabulary)).toBe("biryani");
    expect(closestQuery("samsoa", vocabulary)).toBe("samosa");
    expect(closestQuery("masala dowsa", vocabulary)).toBe("masala dosa");
  });

  it("answers null when every word is known or nothing is close enough", () => {
    expect(closestQuery("samosa", vocabulary)).toBeNull();
    // A spelling the loose key folds (ADR 036) is the known word already.
    expect(closestQuery("biriyani", vocabulary)).toBeNull();
    expect(closestQuery("koramangala", vocabulary)).toBeNull();
    expect(closestQuery("", vocabulary)).toBeNull();
  });
});

describe("aliasIndex", () => {
  it("takes each name's key from the key function it is given, once per name, so a cache of keys can answer", () => {
    const asked: string[] = [];
    const cached = new Map([["पानी पूरी", "pani puri"]]);
    const index = aliasIndex([{ dish: "pani puri", alias: "पानी पूरी" }], (name) => {
      asked.push(name);
      return cached.get(name) ?? looseKey(name);
    });
    expect(asked.sort()).toEqual(["pani puri", "पानी पूरी"].sort());
    expect(expandQuery("पानी पूरी", index)).toEqual([["pani puri", "panipuri"]]);
  });
});

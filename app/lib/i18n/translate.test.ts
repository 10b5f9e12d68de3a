import { type Messages as LinguiMessages, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as english } from "./compiled/en";
import { messages as hindi } from "./compiled/hi";
import { createI18n, type Messages, type MessageValues } from "./translate";

type Part = unknown;

/** Lingui as the reference, reading the same catalogue (its types allow more kinds of part than ours). */
function linguiFor(language: string, messages: Messages) {
  return setupI18n({
    locale: language,
    messages: { [language]: messages as unknown as LinguiMessages },
    missing: (_, id) => id,
  });
}

/** The values a message reads, with the cases of its plurals and selects: { name: [] } for a plain value. */
function valuesRead(part: Part, found = new Map<string, { type?: string; cases: string[] }>()) {
  if (!Array.isArray(part)) return found;
  for (const token of part) {
    if (!Array.isArray(token)) continue;
    const [name, type, cases] = token as [string, string?, Record<string, Part>?];
    const entry = found.get(name) ?? { type, cases: [] };
    found.set(name, entry);
    for (const [key, inner] of Object.entries(cases ?? {})) {
      entry.cases.push(key);
      valuesRead(inner, found);
    }
  }
  return found;
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 123456];

/** Values for every case a message has: each count for its plurals, each case (and one it lacks) for its selects. */
function sampleValues(message: Part): MessageValues[] {
  const read = [...valuesRead(message)];
  const rounds = Math.max(COUNTS.length, ...read.map(([, { cases }]) => cases.length + 1));
  return Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(
      read.map(([name, { type, cases }]) => {
        if (type === "plural") return [name, COUNTS[round % COUNTS.length] as number];
        if (type === "select")
          return [name, [...cases, "none-of-these"][round % (cases.length + 1)] as string];
        return [name, `‹${name} ${round}›`];
      }),
    ),
  );
}

describe.each([
  ["en", english],
  ["hi", hindi],
] as [string, Messages][])("the %s catalogue, written as Lingui writes it", (language, messages) => {
  const ours = createI18n(language, messages);
  const lingui = linguiFor(language, messages);

  it("holds only the parts the translator writes: text, values, plurals and selects", () => {
    const types = new Set(
      Object.values(messages).flatMap((message) => [...valuesRead(message).values()].map(({ type }) => type)),
    );
    expect([...types].filter((type) => type !== undefined && type !== "plural" && type !== "select")).toEqual(
      [],
    );
  });

  it("gives every message, with every case of its values, exactly as Lingui does", () => {
    let compared = 0;
    for (const [id, message] of Object.entries(messages)) {
      for (const values of sampleValues(message)) {
        expect(ours._(id, values), `${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(Object.keys(messages).length);
  });

  it("leaves out a value it was not given, as Lingui does", () => {
    for (const id of Object.keys(messages).filter((key) => valuesRead(messages[key]).size > 0)) {
      expect(ours._(id), id).toBe(lingui._(id));
    }
  });

  it("shows a message the catalogue lacks as it is", () => {
    expect(ours._("Not in any catalogue, {name}", { name: "Asha" })).toBe("Not in any catalogue, {name}");
    expect(ours._("Not in any catalogue")).toBe(lingui._("Not in any catalogue"));
    // An error's text can be anything; the names every object has are no messages.
    for (const text of ["constructor", "toString", "__proto__", "hasOwnProperty"])
      expect(ours._(text)).toBe(text);
  });

  it("writes a person's own text as they wrote it, escapes and all", () => {
    const [id] = Object.keys(messages).filter((key) => /^"\{name\}" is live now\.$/.test(key));
    expect(id).toBeDefined();
    expect(ours._(id as string, { name: "Chaat \\u0041 corner" })).toContain("Chaat \\u0041 corner");
  });
});

describe("plurals by each language's rules", () => {
  const messages: Messages = {
    found: [["count", "plural", { 0: ["nothing"], one: ["#", " one"], other: ["#", " many"] }]],
    nested: [
      [
        "count",
        "plural",
        { other: ["#", " in ", ["place", "select", { city: ["the city"], other: ["# places"] }]] },
      ],
    ],
  };

  it("takes an exact case first, then the language's category, and writes # in the language's digits", () => {
    const hi = createI18n("hi", messages);
    const en = createI18n("en", messages);
    expect(hi._("found", { count: 0 })).toBe("nothing");
    expect(en._("found", { count: 1 })).toBe("1 one");
    expect(en._("found", { count: 1234567 })).toBe("1,234,567 many");
    // Indian grouping in Hindi, as Lingui writes it through Intl.
    expect(hi._("found", { count: 1234567 })).toBe("12,34,567 many");
  });

  it("writes # only in a plural's own case, not in a select within it", () => {
    const en = createI18n("en", messages);
    expect(en._("nested", { count: 3, place: "city" })).toBe("3 in the city");
    expect(en._("nested", { count: 3, place: "lane" })).toBe("3 in # places");
    const lingui = linguiFor("en", messages);
    expect(lingui._("nested", { count: 3, place: "lane" })).toBe("3 in # places");
  });
});

import { describe, expect, it } from "vitest";
import {
  BROKEN_CHARACTER,
  CONTROL_CHARACTERS,
  cleanText,
  DIRECTION_CHARACTERS,
  INVISIBLE_ONLY,
} from "~/lib/schemas/clean-text";

const message = (schema: ReturnType<typeof cleanText>, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe("cleanText", () => {
  const line = cleanText();
  const text = cleanText({ multiline: true });

  it("trims and keeps ordinary text in any script, emoji included", () => {
    expect(line.parse("  Ramu's Chaat  ")).toBe("Ramu's Chaat");
    expect(line.parse("राम की चाट 🌶️")).toBe("राम की चाट 🌶️");
    expect(line.parse("")).toBe("");
  });

  // Outside audit: a text field starting with U+0000 answered 500 on every endpoint (SQLite length() stops
  // at NUL, so CHECK constraints failed).
  it.each([
    ["\u0000Ramu"],
    ["Ramu\u0000"],
    ["Ra\u0007mu"],
    ["Ra\u001Bmu"],
    ["Ra\u007Fmu"],
    ["Ra\u0085mu"],
    ["Ra\u009Bmu"],
    ["Ra\tmu"],
    ["Ra\nmu"],
    ["Ra\rmu"],
  ])("refuses the control character in a single-line %j", (value) => {
    expect(message(line, value)).toBe(CONTROL_CHARACTERS);
  });

  it("keeps line feeds and tabs in multi-line text, with CR LF read as LF, and refuses other controls", () => {
    expect(text.parse("Crisp puris.\r\n\r\nGreat\tchutney\rtoo")).toBe("Crisp puris.\n\nGreat\tchutney\ntoo");
    expect(message(text, "\u0000Crisp")).toBe(CONTROL_CHARACTERS);
    expect(message(text, "Crisp\u000Bpuris")).toBe(CONTROL_CHARACTERS);
  });

  it.each(["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"])(
    "refuses the direction control %j",
    (bidi) => {
      expect(message(line, `Ramu${bidi}Chaat`)).toBe(DIRECTION_CHARACTERS);
      expect(message(text, `Ramu${bidi}Chaat`)).toBe(DIRECTION_CHARACTERS);
    },
  );

  it.each(["\u200B", "\u200C\u200D", " \u2060 ", "\uFEFF\u200B", "\u200B \u200B"])(
    "refuses %j, nothing but invisible characters",
    (value) => {
      expect(message(line, value)).toBe(INVISIBLE_ONLY);
    },
  );

  it("keeps a zero-width joiner inside visible text (emoji sequences and Indic scripts need it)", () => {
    expect(line.parse("👨\u200D🍳 क्\u200Dष")).toBe("👨\u200D🍳 क्\u200Dष");
  });

  it("refuses half a surrogate pair", () => {
    expect(message(line, "chai \uD83D")).toBe(BROKEN_CHARACTER);
    expect(message(line, "\uDE00 chai")).toBe(BROKEN_CHARACTER);
  });

  it("takes .min, .max and a missing-value message", () => {
    const name = cleanText({ error: "Name is required" }).min(1, "Name is required").max(5, "Too long");
    expect(message(name, undefined)).toBe("Name is required");
    expect(message(name, "   ")).toBe("Name is required");
    expect(message(name, "Ramu Chaat")).toBe("Too long");
    expect(name.parse(" Ramu ")).toBe("Ramu");
  });
});

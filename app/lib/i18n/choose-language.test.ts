import { describe, expect, it } from "vitest";
import { chooseLanguage, formatLocaleFor } from "./choose-language";

const choose = (setting: string | null, cookieHeader: string | null, acceptLanguage: string | null) =>
  chooseLanguage({ setting, cookieHeader, acceptLanguage });

describe("chooseLanguage", () => {
  it("takes the profile's setting first, then the cookie, then the browser, then English", () => {
    expect(choose("hi", "nukkad-lang=en", "en-US")).toBe("hi");
    expect(choose(null, "theme=dark; nukkad-lang=hi", "en-US")).toBe("hi");
    expect(choose(null, null, "hi-IN,hi;q=0.9")).toBe("hi");
    expect(choose(null, null, "fr-FR,de;q=0.8")).toBe("en");
    expect(choose(null, null, null)).toBe("en");
  });

  it("ignores a setting or cookie that is not one of its languages", () => {
    expect(choose("fr", "nukkad-lang=xx", "hi")).toBe("hi");
    expect(choose("", "nukkad-lang=", null)).toBe("en");
  });
});

describe("formatLocaleFor", () => {
  it("writes Hindi pages in hi-IN, English ones in the browser's English, else en-IN", () => {
    expect(formatLocaleFor("hi", "en-US")).toBe("hi-IN");
    expect(formatLocaleFor("en", "en-GB,en;q=0.9")).toBe("en-GB");
    expect(formatLocaleFor("en", "hi-IN")).toBe("en-IN");
    expect(formatLocaleFor("en", null)).toBe("en-IN");
  });

  it("groups Indian digits the Indian way in both", () => {
    expect((100000).toLocaleString(formatLocaleFor("hi", null))).toBe("1,00,000");
    expect((100000).toLocaleString(formatLocaleFor("en", null))).toBe("1,00,000");
  });
});

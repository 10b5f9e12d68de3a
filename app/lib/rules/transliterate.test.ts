import { describe, expect, it } from "vitest";
import { devanagariToRoman, hasDevanagari } from "~/lib/rules/transliterate";

describe("devanagariToRoman", () => {
  it.each([
    ["गोलगप्पे", "golgappe"],
    ["पानी पूरी", "pani puri"],
    ["बिरयानी", "biryani"],
    ["छोले भटूरे", "chole bhature"],
    ["समोसा", "samosa"],
    ["इडली", "idli"],
    ["चटनी", "chatni"],
    ["नमकीन", "namkin"],
    ["गुपचुप", "gupchup"],
    ["लस्सी", "lassi"],
    ["पनीर टिक्का", "panir tikka"],
    ["गन्ने का रस", "ganne ka ras"],
  ])("writes %s as people type it: %s", (devanagari, roman) => {
    expect(devanagariToRoman(devanagari)).toBe(roman);
  });

  it("drops the inherent a that Hindi does not say, at the end and between a vowel and a vowelled consonant", () => {
    expect(devanagariToRoman("चाय")).toBe("chay");
    expect(devanagariToRoman("कमला")).toBe("kamla");
    expect(devanagariToRoman("जलेबी")).toBe("jalebi");
  });

  it("keeps it after a cluster, where it is said", () => {
    expect(devanagariToRoman("पत्र")).toBe("patra");
  });

  it("writes the anusvara as the nasal it stands for, and nukta letters without the dot", () => {
    expect(devanagariToRoman("पंजाबी")).toBe("panjabi");
    expect(devanagariToRoman("चंपा")).toBe("champa");
    expect(devanagariToRoman("पकौड़ा")).toBe("pakauda");
    expect(devanagariToRoman("मोमोज़")).toBe("momoj");
    expect(devanagariToRoman("कॉफ़ी")).toBe("kophi");
  });

  it("writes the chandrabindu as the anusvara before a consonant, and leaves it out at the end of a word", () => {
    expect(devanagariToRoman("मूँग")).toBe(devanagariToRoman("मूंग"));
    expect(devanagariToRoman("पराँठा")).toBe("parantha");
    expect(devanagariToRoman("चाँप")).toBe("champ");
    expect(devanagariToRoman("माँ")).toBe("ma");
  });

  it("leaves Roman text and other scripts as they are, and transliterates only the Devanagari in mixed text", () => {
    expect(devanagariToRoman("Masala Dosa")).toBe("Masala Dosa");
    expect(devanagariToRoman("ದೋಸೆ")).toBe("ದೋಸೆ");
    expect(devanagariToRoman("Sharma के गोलगप्पे")).toBe("Sharma ke golgappe");
  });

  it("tells Devanagari text apart", () => {
    expect(hasDevanagari("चाय")).toBe(true);
    expect(hasDevanagari("chai")).toBe(false);
  });
});

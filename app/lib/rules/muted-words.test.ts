import { describe, expect, it } from "vitest";
import { containsMutedWord, isOneWord, normaliseMutedWord } from "./muted-words";

describe("muted words", () => {
  it.each([
    ["Best BIRYANI in town", ["biryani"], true],
    ["biryani, then chai.", ["chai"], true],
    ["#biryani tonight", ["biryani"], true],
    ["biryanis everywhere", ["biryani"], false],
    ["chaiwala at the corner", ["chai"], false],
    ["यहाँ की चाय अच्छी है", ["चाय"], true],
    ["चायवाला यहीं है", ["चाय"], false],
    ["पानी पूरी", ["पानी"], true],
    ["anything", [], false],
  ])("%s with %j: %s", (text, words, hidden) => {
    expect(containsMutedWord(text, words)).toBe(hidden);
  });

  it("stores Roman words in lower case and Devanagari as written", () => {
    expect(normaliseMutedWord("  Chai ")).toBe("chai");
    expect(normaliseMutedWord("चाय")).toBe("चाय");
  });

  it.each([
    ["chai", true],
    ["चाय", true],
    ["masala chai", false],
    ["chai!", false],
    ["", false],
  ])("%j is one word: %s", (word, one) => {
    expect(isOneWord(word)).toBe(one);
  });
});

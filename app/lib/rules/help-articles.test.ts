import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import { FAQ } from "~/lib/rules/faq";
import { articleTexts, HELP_ARTICLES, searchHelp } from "./help-articles";

const english = translatorFor("en");
const hindi = translatorFor("hi");
const ids = (query: string, t = english) =>
  searchHelp(HELP_ARTICLES, query, articleTexts, t).map((a) => a.id);

describe("help search", () => {
  it("shows every article for an empty or blank search", () => {
    expect(ids("")).toHaveLength(HELP_ARTICLES.length);
    expect(ids("   ")).toHaveLength(HELP_ARTICLES.length);
  });

  it("finds articles by words of their title or text, whatever the case", () => {
    expect(ids("PASSWORD")).toContain("account-and-password");
    expect(ids("gpx")).toEqual(["food-trails", "privacy-and-data"]);
    expect(ids("moderator")).toContain("stall-review");
  });

  it("needs every word, in any order", () => {
    expect(ids("ZIP backup")).toEqual(["privacy-and-data"]);
    expect(ids("backup dosa")).toEqual([]);
  });

  it("treats e-mail and email as one word, and ignores punctuation", () => {
    expect(ids("email")).toEqual(ids("e-mail"));
    expect(ids("email").length).toBeGreaterThan(0);
    expect(ids("password?")).toEqual(ids("password"));
  });

  it("finds an article in the page's language and in English alike", () => {
    expect(ids("पासवर्ड", hindi)).toContain("account-and-password");
    expect(ids("password", hindi)).toContain("account-and-password");
    // The English page knows no Hindi translations: a Hindi word finds only what is written in Hindi anyway.
    expect(ids("गोलगप्पे")).toEqual(["language"]);
  });

  it("searches the FAQ the same way", () => {
    const faq = searchHelp(FAQ, "free", (item) => [item.question, item.answer], english);
    expect(faq.map((item) => item.question)).toEqual(["Is Nukkad free?"]);
  });

  it("gives every article a unique anchor", () => {
    const anchors = HELP_ARTICLES.map((article) => article.id);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const anchor of anchors) expect(anchor).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
  });
});

import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import { DELETED_USER_NAME, trailBy } from "./deleted-user";

describe("a trail's byline", () => {
  it.each([
    [{ curated: true, author: { name: "Asha" } }, "en", "Curated by Nukkad"],
    [{ curated: false, author: { name: "Asha" } }, "en", "By Asha"],
    [{ curated: false, author: null }, "en", "By a Nukkad member"],
    [{ curated: false, author: { name: DELETED_USER_NAME } }, "hi", "हटाया गया यूज़र की बनाई"],
  ] as const)("%o in %s says %s", (trail, language, byline) => {
    expect(trailBy(translatorFor(language), trail)).toBe(byline);
  });
});

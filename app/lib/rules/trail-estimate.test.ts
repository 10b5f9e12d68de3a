import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import englishPo from "~/lib/i18n/locales/en.po?raw";
import hindiPo from "~/lib/i18n/locales/hi.po?raw";
import { createI18n, type Messages } from "~/lib/i18n/translate";
import { trailEstimate, trailEstimateText } from "~/lib/rules/trail-estimate";

/** A translator from the catalogue's text as it is, compiled here, whichever build step compiles it for the app. */
function translatorFrom(language: string, po: string) {
  const quoted = (block: string, keyword: string) => {
    const line = block.split("\n").find((text) => text.startsWith(`${keyword} "`));
    return line ? (JSON.parse(line.slice(keyword.length + 1)) as string) : "";
  };
  const messages = Object.fromEntries(
    po.split(/\n\s*\n/).map((block) => {
      const id = quoted(block, "msgid");
      return [id, compileMessage(quoted(block, "msgstr") || id)];
    }),
  ) as Messages;
  return createI18n(language, messages);
}

const generated = { generatedThreeStops: true };
const custom = { generatedThreeStops: false };

describe("trailEstimateText", () => {
  it.each([
    // The spec's 'Estimated time: 2-3 hours' for a generated three-stop trail from 120 to 180 minutes.
    [119, generated, "Estimated time: 1-2 hours"],
    [120, generated, "Estimated time: 2-3 hours"],
    [150, generated, "Estimated time: 2-3 hours"],
    [180, generated, "Estimated time: 2-3 hours"],
    [181, generated, "Estimated time: 3-4 hours"],
    [60, generated, "Estimated time: 1-2 hours"],
    [59, generated, "About 59 min"],
    // Hours and minutes for other trails.
    [130, custom, "About 2 h 10 min"],
    [120, custom, "About 2 h"],
    [181, custom, "About 3 h 1 min"],
    [60, custom, "About 1 h"],
    [59, custom, "About 59 min"],
    [45, custom, "About 45 min"],
    [0, custom, "About 0 min"],
    // Odd input is rounded to whole minutes and never goes below zero.
    [119.6, generated, "Estimated time: 2-3 hours"],
    [-5, custom, "About 0 min"],
  ])("says %d minutes (%o) as %j", (minutes, options, text) => {
    expect(trailEstimateText(minutes, options)).toBe(text);
  });
});

describe("trailEstimate", () => {
  const english18n = translatorFrom("en", englishPo);
  const hindi18n = translatorFrom("hi", hindiPo);
  const cases = [
    [45, custom],
    [60, custom],
    [130, custom],
    [150, generated],
    [200, generated],
  ] as const;

  it("gives pages the same words through the catalogue as the API", () => {
    for (const [minutes, options] of cases) {
      const { message, values } = trailEstimate(minutes, options);
      expect(english18n._(message, values)).toBe(trailEstimateText(minutes, options));
    }
  });

  it.each([
    [45, custom, "लगभग 45 मिनट"],
    [60, custom, "लगभग 1 घंटा"],
    [120, custom, "लगभग 2 घंटे"],
    [70, custom, "लगभग 1 घंटा 10 मिनट"],
    [130, custom, "लगभग 2 घंटे 10 मिनट"],
    [150, generated, "अनुमानित समय: 2-3 घंटे"],
    [200, generated, "अनुमानित समय: 3-4 घंटे"],
  ])("has every message in Hindi, one hour singular: %d minutes (%o)", (minutes, options, text) => {
    const { message, values } = trailEstimate(minutes, options);
    expect(hindi18n._(message, values)).toBe(text);
  });
});

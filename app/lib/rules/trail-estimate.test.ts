import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import englishPo from "~/lib/i18n/locales/en.po?raw";
import hindiPo from "~/lib/i18n/locales/hi.po?raw";
import { createI18n } from "~/lib/i18n/translate";
import { trailEstimate, trailEstimateText } from "~/lib/rules/trail-estimate";

/** A translator from the catalogue's text as it is, compiled here, whichever build step compiles it for the app. */
function translatorFrom(language: string, po: string) {
  const quoted = (block: string, keyword: string) => {
    const line = block.split("\n").find((text) => text.startsWith(`${keyword} "`));
    return line ? (JSON.parse(line.slice(keyword.length + 1)) as string) : "";
  };
  const messages = Object.fromEntries(
    po.split(/\n\s*\n/).map((block) => [quoted(block, "msgid"), quoted(block, "msgstr")]),
  );
  const i18n = createI18n(language, messages);
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

const generated = { generatedThreeStops: true };
const custom = { generatedThreeStops: false };

describe("trailEstimateText", () => {
  it("says the spec's 'Estimated time: 2-3 hours' for a generated three-stop trail from 120 to 180 minutes", () => {
    expect(trailEstimateText(119, generated)).toBe("Estimated time: 1-2 hours");
    expect(trailEstimateText(120, generated)).toBe("Estimated time: 2-3 hours");
    expect(trailEstimateText(150, generated)).toBe("Estimated time: 2-3 hours");
    expect(trailEstimateText(180, generated)).toBe("Estimated time: 2-3 hours");
    expect(trailEstimateText(181, generated)).toBe("Estimated time: 3-4 hours");
    expect(trailEstimateText(60, generated)).toBe("Estimated time: 1-2 hours");
    expect(trailEstimateText(59, generated)).toBe("About 59 min");
  });

  it("says hours and minutes for other trails", () => {
    expect(trailEstimateText(130, custom)).toBe("About 2 h 10 min");
    expect(trailEstimateText(120, custom)).toBe("About 2 h");
    expect(trailEstimateText(181, custom)).toBe("About 3 h 1 min");
    expect(trailEstimateText(60, custom)).toBe("About 1 h");
    expect(trailEstimateText(59, custom)).toBe("About 59 min");
    expect(trailEstimateText(45, custom)).toBe("About 45 min");
    expect(trailEstimateText(0, custom)).toBe("About 0 min");
  });

  it("rounds odd input to whole minutes and never goes below zero", () => {
    expect(trailEstimateText(119.6, generated)).toBe("Estimated time: 2-3 hours");
    expect(trailEstimateText(-5, custom)).toBe("About 0 min");
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

  it("has every message in Hindi, one hour singular", () => {
    const say = (minutes: number, options: { generatedThreeStops: boolean }) => {
      const { message, values } = trailEstimate(minutes, options);
      return hindi18n._(message, values);
    };
    expect(say(45, custom)).toBe("लगभग 45 मिनट");
    expect(say(60, custom)).toBe("लगभग 1 घंटा");
    expect(say(120, custom)).toBe("लगभग 2 घंटे");
    expect(say(70, custom)).toBe("लगभग 1 घंटा 10 मिनट");
    expect(say(130, custom)).toBe("लगभग 2 घंटे 10 मिनट");
    expect(say(150, generated)).toBe("अनुमानित समय: 2-3 घंटे");
    expect(say(200, generated)).toBe("अनुमानित समय: 3-4 घंटे");
  });
});

import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import { faqWithCounts } from "./faq";

const trailAnswer = (trails: number, language: "en" | "hi") => {
  const t = translatorFor(language);
  const item = faqWithCounts({ trails }).find((faq) => t(faq.question) === t("What is a Food Trail?"));
  return item ? t(item.answer) : undefined;
};

describe("the FAQ as pages show it", () => {
  it("says how many trails exist, in the reader's language", () => {
    expect(trailAnswer(8, "en")).toContain("8 trails have been made so far");
    expect(trailAnswer(1, "en")).toContain("1 trail has been made so far");
    expect(trailAnswer(8, "hi")).toContain("अब तक 8 ट्रेल बनी हैं");
  });

  it("keeps the six questions, the other answers untouched", () => {
    const faq = faqWithCounts({ trails: 3 });
    expect(faq).toHaveLength(6);
    expect(translatorFor("en")(faq[4]?.answer ?? "")).toBe(
      "Yes. Nukkad is free for everyone, with no subscription and no paid listings.",
    );
  });
});

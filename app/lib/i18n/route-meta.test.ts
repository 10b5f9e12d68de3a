import { describe, expect, it } from "vitest";
import { pageTitle, provideMetaTranslators } from "./page-meta";
import { pageMeta } from "./route-meta";
import { i18nFor } from "./translator.server";

provideMetaTranslators(i18nFor);
const inHindi = [{ id: "root", data: { language: "hi" } }];
const args = (matches: typeof inHindi) =>
  ({ matches }) as unknown as Parameters<ReturnType<typeof pageMeta>>[0];

describe("a page's head, in the page's language", () => {
  it("has the title alone when the page says no more", () => {
    const meta = pageMeta((t) => ({ title: pageTitle(t("Settings")) }));
    expect(meta(args(inHindi))).toEqual([{ title: "सेटिंग्स · Nukkad" }]);
    expect(meta(args([]))).toEqual([{ title: "Settings · Nukkad" }]);
  });

  it("adds the description, then keeps the page out of search engines when asked", () => {
    const meta = pageMeta((t) => ({
      title: pageTitle(t("Settings")),
      description: t("Settings"),
      noindex: true,
    }));
    expect(meta(args([]))).toEqual([
      { title: "Settings · Nukkad" },
      { name: "description", content: "Settings" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

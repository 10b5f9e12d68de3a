import { describe, expect, it } from "vitest";
import { isHeld, SPAM_RULES, spamLink, spamText } from "~/lib/rules/spam";

describe("the keys a text is compared by", () => {
  it.each([
    ["Best  MOMOS in town!!!", "best momos in town", null],
    ["  ＢＥＳＴ momos  ", "best momos", null],
    ["गोलगप्पे सबसे अच्छे!", "गोलगप्पे सबसे अच्छे", null],
    [
      "Cheap! https://www.Cheap-Momos.in/deal/ now",
      "cheap https www cheap momos in deal now",
      "cheap-momos.in/deal",
    ],
    ["see www.cheap-momos.in/deal.", "see www cheap momos in deal", "cheap-momos.in/deal"],
    ["http://cheap-momos.in/deal", "http cheap momos in deal", "cheap-momos.in/deal"],
    ["cheap-momos.in/deal", "cheap momos in deal", "cheap-momos.in/deal"],
  ])("%j: text %j, link %j", (text, key, link) => {
    expect([spamText(text), spamLink(text)]).toEqual([key, link]);
  });

  it("tells different texts apart, and the same words with other punctuation not", () => {
    expect(spamText("best momos")).not.toBe(spamText("best momo"));
    expect(spamText("best momos, in town")).toBe(spamText("Best momos in town!"));
  });
});

describe("isHeld", () => {
  const { posts } = SPAM_RULES.sameAccount;
  const { accounts } = SPAM_RULES.newAccounts;
  it.each([
    ["the first post", { byAccount: 1, newAccounts: 0 }, false],
    ["the second copy by one account", { byAccount: posts - 1, newAccounts: 0 }, false],
    ["the third copy by one account", { byAccount: posts, newAccounts: 0 }, true],
    ["the second new account posting it", { byAccount: 1, newAccounts: accounts - 1 }, false],
    ["the third new account posting it", { byAccount: 1, newAccounts: accounts }, true],
  ])("%s is held: %s", (_, counts, held) => {
    expect(isHeld(counts)).toBe(held);
  });
});

import { describe, expect, it } from "vitest";
import { isHeld, SPAM_RULES, spamLink, spamText } from "~/lib/rules/spam";

describe("spamText", () => {
  it.each([
    ["Best  MOMOS in town!!!", "best momos in town"],
    ["best momos, in town", "best momos in town"],
    ["  ＢＥＳＴ momos  ", "best momos"],
    ["गोलगप्पे सबसे अच्छे!", "गोलगप्पे सबसे अच्छे"],
  ])("%j is compared as %j", (text, key) => {
    expect(spamText(text)).toBe(key);
  });

  it("tells different texts apart", () => {
    expect(spamText("best momos")).not.toBe(spamText("best momo"));
  });
});

describe("spamLink", () => {
  it.each([
    ["Cheap! https://www.Cheap-Momos.in/deal/ now", "cheap-momos.in/deal"],
    ["see www.cheap-momos.in/deal.", "cheap-momos.in/deal"],
    ["cheap-momos.in/deal", "cheap-momos.in/deal"],
    ["http://cheap-momos.in/deal", "cheap-momos.in/deal"],
    ["no link here, just momos", null],
  ])("%j links to %j", (text, link) => {
    expect(spamLink(text)).toBe(link);
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

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mentionedUsernames, segmentPostText } from "~/lib/rules/post-text";

describe("segmentPostText", () => {
  it("picks out a link, a mention and a tag between plain text", () => {
    expect(segmentPostText("Ask @raju_07 at https://nukkad.example/s/1 for #chaat!")).toEqual([
      { kind: "text", text: "Ask " },
      { kind: "mention", text: "@raju_07", href: "/u/raju_07" },
      { kind: "text", text: " at " },
      { kind: "link", text: "https://nukkad.example/s/1", href: "https://nukkad.example/s/1" },
      { kind: "text", text: " for " },
      { kind: "tag", text: "#chaat", href: "/search?q=chaat" },
      { kind: "text", text: "!" },
    ]);
  });

  it("links only http and https URLs", () => {
    for (const text of [
      "javascript:alert(1)",
      "ftp://x.example/a",
      "data:text/html,<b>x</b>",
      "www.example.com",
    ]) {
      expect(segmentPostText(text)).toEqual([{ kind: "text", text }]);
    }
    expect(segmentPostText("http://a.example")[0]).toEqual({
      kind: "link",
      text: "http://a.example",
      href: "http://a.example",
    });
  });

  it("leaves sentence punctuation after a link out of it, but keeps a link's own parentheses", () => {
    expect(segmentPostText("See https://a.example/x.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://a.example/x", href: "https://a.example/x" },
      { kind: "text", text: "." },
    ]);
    expect(segmentPostText("(https://a.example/y)").map((s) => s.text)).toEqual([
      "(",
      "https://a.example/y",
      ")",
    ]);
    expect(segmentPostText("https://en.example/wiki/Chaat_(food)")[0]?.text).toBe(
      "https://en.example/wiki/Chaat_(food)",
    );
  });

  it("does not make a link of a scheme alone, nor stop a link at a quote mark's angle brackets", () => {
    expect(segmentPostText("https://")).toEqual([{ kind: "text", text: "https://" }]);
    expect(segmentPostText('"https://a.example/<b>"').map((s) => s.kind)).toEqual(["text", "link", "text"]);
  });

  it("links a mention to the lower-cased username, and reads no mention inside an e-mail address", () => {
    expect(segmentPostText("@Raju")).toEqual([{ kind: "mention", text: "@Raju", href: "/u/raju" }]);
    expect(segmentPostText("mail chai@home.in")).toEqual([{ kind: "text", text: "mail chai@home.in" }]);
  });

  it("reads no mention shorter than 3 or longer than 30 characters, as usernames are", () => {
    expect(segmentPostText("@ab")).toEqual([{ kind: "text", text: "@ab" }]);
    const long = `@${"a".repeat(31)}`;
    expect(segmentPostText(long)).toEqual([{ kind: "text", text: long }]);
    expect(segmentPostText(`@${"a".repeat(30)}`)[0]?.kind).toBe("mention");
  });

  it("tags words in Hindi with their vowel signs and links them to search, encoded", () => {
    expect(segmentPostText("बहुत बढ़िया #गोलगप्पे और #chaat2026")).toEqual([
      { kind: "text", text: "बहुत बढ़िया " },
      { kind: "tag", text: "#गोलगप्पे", href: `/search?q=${encodeURIComponent("गोलगप्पे")}` },
      { kind: "text", text: " और " },
      { kind: "tag", text: "#chaat2026", href: "/search?q=chaat2026" },
    ]);
  });

  it("reads no tag of digits alone, nor inside a word", () => {
    expect(segmentPostText("stall #1")).toEqual([{ kind: "text", text: "stall #1" }]);
    expect(segmentPostText("C#sharp")).toEqual([{ kind: "text", text: "C#sharp" }]);
  });

  it("keeps markup as plain text", () => {
    const text = "<script>alert('x')</script> <a href=x>y</a>";
    expect(segmentPostText(text)).toEqual([{ kind: "text", text }]);
  });

  it("gives back the text it was given, segment by segment, whatever it is", () => {
    const pieces = fc.constantFrom(
      "@raju",
      "#चाट",
      "https://a.example/p?q=1",
      " ",
      ".",
      "@",
      "#",
      "x",
      "é",
      "(",
      ")",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), pieces), { maxLength: 20 }), (parts) => {
        const text = parts.join("");
        const segments = segmentPostText(text);
        expect(segments.map((s) => s.text).join("")).toBe(text);
        for (const segment of segments) {
          if (segment.kind === "text") expect(segment.href).toBeUndefined();
          if (segment.kind === "link") expect(segment.href).toMatch(/^https?:\/\/./);
          if (segment.kind === "mention") expect(segment.href).toMatch(/^\/u\/[a-z0-9_]{3,30}$/);
          if (segment.kind === "tag") expect(segment.href?.startsWith("/search?q=")).toBe(true);
        }
      }),
    );
  });
});

describe("mentionedUsernames", () => {
  it("names each mentioned username once, lower-cased", () => {
    expect(mentionedUsernames("@Raju and @raju and @priya_s, not chai@home.in nor @ab")).toEqual([
      "raju",
      "priya_s",
    ]);
  });

  it("reads no mention inside a link", () => {
    expect(mentionedUsernames("https://medium.example/@writer")).toEqual([]);
  });
});

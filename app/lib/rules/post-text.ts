// A post's or comment's text as pages show it: plain text with links, @mentions and #tags picked out. Pages render
// the segments as text nodes and anchors, never as HTML, so nothing a writer types can become markup.

export type PostTextSegment = {
  kind: "text" | "link" | "mention" | "tag";
  text: string;
  href?: string;
};

// A mention or tag starts after a space or punctuation, never inside a word: "chai@home.in" is an e-mail address,
// not a mention of "home". Usernames are 3 to 30 of a-z, 0-9 and _ (app/lib/auth/schemas.ts); a longer run is
// no username. Tags are letters and digits in any script: Hindi's vowel signs and viramas are marks (\p{M}).
const TOKEN =
  /(?<link>https?:\/\/[^\s<>"]+)|(?<![\p{L}\p{M}\p{N}_@#/])@(?<mention>[A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])|(?<![\p{L}\p{M}\p{N}_&#/])#(?<tag>[\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*)/gu;

/** Punctuation that ends a sentence after a link belongs to the sentence; a ")" only when the link opened none. */
function trimLink(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1] ?? "";
    if (last !== "" && ".,;:!?'\"".includes(last)) end--;
    else if (last === ")" && !url.slice(0, end).includes("(")) end--;
    else break;
  }
  return url.slice(0, end);
}

export function segmentPostText(text: string): PostTextSegment[] {
  const segments: PostTextSegment[] = [];
  let plainFrom = 0;
  const pushText = (to: number) => {
    if (to > plainFrom) segments.push({ kind: "text", text: text.slice(plainFrom, to) });
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const { link, mention, tag } = match.groups ?? {};
    let segment: PostTextSegment;
    if (link !== undefined) {
      const url = trimLink(link);
      // "https://" alone, or with only punctuation after it, is no link.
      if (url.length <= url.indexOf("//") + 2) continue;
      segment = { kind: "link", text: url, href: url };
    } else if (mention !== undefined) {
      segment = { kind: "mention", text: match[0], href: `/u/${mention.toLowerCase()}` };
    } else {
      segment = { kind: "tag", text: match[0], href: `/search?q=${encodeURIComponent(tag ?? "")}` };
    }
    pushText(start);
    segments.push(segment);
    plainFrom = start + segment.text.length;
  }
  pushText(text.length);
  return segments;
}

/** The usernames a text mentions, each once, lower-cased as profiles store them. */
export function mentionedUsernames(text: string): string[] {
  const names = segmentPostText(text)
    .filter((segment) => segment.kind === "mention")
    .map((segment) => segment.text.slice(1).toLowerCase());
  return [...new Set(names)];
}

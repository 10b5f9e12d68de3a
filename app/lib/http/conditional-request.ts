// The conditional headers of a request (RFC 9110 13.1) as R2's `onlyIf` may be given them. R2 throws on an entity
// tag it cannot read ("Invalid ETag in if-none-match header"), which turned a stray `If-None-Match: abc` into a 500,
// and reads a date it cannot parse as a condition that fails (412). RFC 9110 has a malformed condition ignored
// (13.1.3 and 13.1.4 say so for the dates), so it is left out here and the request is answered as if it were absent.

const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/** `*`, or a list of entity tags (empty list elements allowed, as RFC 9110 5.6.1 asks). */
function isEntityTagList(value: string): boolean {
  if (value.trim() === "*") return true;
  const tags = value
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  return tags.length > 0 && tags.every((tag) => ENTITY_TAG.test(tag));
}

const isDate = (value: string) => !Number.isNaN(Date.parse(value));

const CONDITIONS = [
  ["If-Match", isEntityTagList],
  ["If-None-Match", isEntityTagList],
  ["If-Modified-Since", isDate],
  ["If-Unmodified-Since", isDate],
] as const;

/** The request's conditional headers that are well formed; the rest are dropped, as if never sent. */
export function conditionalHeaders(requestHeaders: Headers): Headers {
  const kept = new Headers();
  for (const [name, valid] of CONDITIONS) {
    const value = requestHeaders.get(name);
    if (value !== null && valid(value)) kept.set(name, value);
  }
  return kept;
}

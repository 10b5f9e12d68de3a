import {
  type ByteRange,
  contentRange,
  ifRangeHolds,
  parseRangeHeader,
  resolveByteRange,
  unsatisfiedContentRange,
} from "~/lib/http/byte-range";
import { conditionalHeaders } from "~/lib/http/conditional-request";
import { MEDIA_KEY_PATTERN } from "~/lib/http/media-url";
import { preconditionFailed } from "./photo.server";

/** Media share the photos bucket (ADR 026) under this prefix; photos' keys hold no "/", so the two never meet. */
const MEDIA_KEY_PREFIX = "media/";

/** The R2 key of the media at `/media/<key>`. */
export function mediaObjectKey(key: string): string {
  return `${MEDIA_KEY_PREFIX}${key}`;
}

const notFound = () => new Response("Not found", { status: 404 });

/**
 * Media as the Worker serves it at /media/:key, streamed from R2 and never buffered, with range requests (ADR 026):
 * a whole file is 200, one satisfiable range 206 with Content-Range, a range starting past the end 416 with the
 * size; malformed and multiple ranges are ignored (app/lib/http/byte-range.ts says why). Keys are random and never
 * reused, so a key's bytes never change and may be cached for good. The well-formed conditional headers go to R2
 * (`onlyIf`) and come before the range, as RFC 9110 13.2.2 orders them: a failed If-Match (or If-Unmodified-Since) is 412, a
 * matching If-None-Match (or If-Modified-Since) 304, whatever the range. An If-Range that does not match answers
 * the whole file. HEAD answers what GET would, without the body.
 */
export async function serveMedia(
  bucket: R2Bucket,
  key: string,
  requestHeaders: Headers,
  method: string,
): Promise<Response> {
  if (!MEDIA_KEY_PATTERN.test(key)) return notFound();
  const objectKey = mediaObjectKey(key);
  const requested = parseRangeHeader(requestHeaders.get("Range"));
  let answer: ByteRange | "unsatisfiable" | "whole" = "whole";
  if (requested) {
    // A range is placed by the object's size, so a range request reads the metadata first. Between the two reads
    // the object can only have been deleted (get answers null: 404), never replaced, since keys are never reused.
    const stored = await bucket.head(objectKey);
    if (!stored) return notFound();
    if (ifRangeHolds(requestHeaders.get("If-Range"), stored.httpEtag))
      answer = resolveByteRange(requested, stored.size);
  }
  // An unsatisfiable range still reads the object (its stream cancelled unread): only R2 evaluates the request's
  // conditions, and a 304 or 412 takes precedence over the 416.
  const conditions = conditionalHeaders(requestHeaders);
  const object = await bucket.get(objectKey, {
    onlyIf: conditions,
    range: typeof answer === "object" ? answer : undefined,
  });
  if (!object) return notFound();
  const hasBody = "body" in object;
  if (hasBody && (method === "HEAD" || answer === "unsatisfiable")) await object.body.cancel();
  if (hasBody && answer === "unsatisfiable") {
    // Not cacheable (no Cache-Control): caches key on the URL, and a 416 holds for this range only.
    return new Response(null, {
      status: 416,
      headers: {
        "Content-Range": unsatisfiedContentRange(object.size),
        "Accept-Ranges": "bytes",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  // The Worker adds it to every answer too; here so that `npm run dev`, which never runs the Worker, sends it.
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Accept-Ranges", "bytes");
  // Without a body, R2 says a condition held the object back: a failed If-Match (or If-Unmodified-Since) comes
  // first and is 412; otherwise a matching If-None-Match (or If-Modified-Since) means the browser's copy is current.
  if (!hasBody) {
    const status = preconditionFailed(conditions, object) ? 412 : 304;
    return new Response(null, { status, headers });
  }
  const range = typeof answer === "object" ? answer : null;
  headers.set("Content-Length", String(range ? range.length : object.size));
  if (range) headers.set("Content-Range", contentRange(range, object.size));
  return new Response(method === "HEAD" ? null : object.body, { status: range ? 206 : 200, headers });
}

/** R2 deletes at most this many keys in one call; a person deleting their account may have more reels' objects. */
export const R2_DELETE_MAX_KEYS = 1000;

/** Deletes media objects (a reel's video and poster) from R2: a rejected, removed or deleted reel leaves no bytes. */
export async function deleteMedia(bucket: R2Bucket, keys: string[]): Promise<void> {
  const objects = keys.map(mediaObjectKey);
  for (let at = 0; at < objects.length; at += R2_DELETE_MAX_KEYS) {
    await bucket.delete(objects.slice(at, at + R2_DELETE_MAX_KEYS));
  }
}

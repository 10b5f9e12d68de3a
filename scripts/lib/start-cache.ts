// When `npm start` may reuse what an earlier start made (ADR 039): the build, the Worker bundled from it, and the
// local database's migrations and seed. Each is keyed by a hash of the files it is made from, never by their mtimes
// (a checkout, a copy or an editor's save-as changes mtimes but not content, and a restored file can keep an old
// mtime). Pure, so the decisions are tested without a build (tests/integration/start-cache.test.ts).
import { createHash } from "node:crypto";

/** One file a cached thing is made from: its path in the project and its content. */
export interface CacheInput {
  path: string;
  content: Uint8Array | string;
}

/** What an earlier start recorded once the thing was made: the key of its inputs, and (where it can be changed by
 * something else than `npm start`, as the build can) a fingerprint of what it made. */
export interface CacheStamp {
  key: string;
  output?: string;
}

export type CacheDecision = { reuse: true } | { reuse: false; reason: string };

/**
 * The key of a set of inputs: their paths and contents, in path order (so the order they were read in does not
 * matter), and `version`, which changes the key when the way the thing is made changes though no input did.
 */
export function inputsKey(version: string, inputs: CacheInput[]): string {
  const hash = createHash("sha256").update(`${version}\0`);
  for (const input of [...inputs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const content = typeof input.content === "string" ? Buffer.from(input.content) : input.content;
    // Lengths first, so that no two different sets of files can run together into the same bytes.
    hash.update(`${input.path.length}:${input.path}\0${content.length}\0`).update(content);
  }
  return hash.digest("hex");
}

/**
 * Whether to reuse what a start made: only when it was recorded with the same key, it is still there (`output`
 * is its fingerprint now, null when missing) and, if a fingerprint was recorded, nothing replaced it since.
 */
export function cacheDecision(stamp: CacheStamp | null, key: string, output: string | null): CacheDecision {
  if (!stamp) return { reuse: false, reason: "not made yet" };
  if (stamp.key !== key) return { reuse: false, reason: "its sources changed" };
  if (output === null) return { reuse: false, reason: "it is missing" };
  if (stamp.output !== undefined && stamp.output !== output)
    return { reuse: false, reason: "it was replaced since" };
  return { reuse: true };
}

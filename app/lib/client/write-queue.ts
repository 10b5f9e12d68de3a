// The rules of the offline write queue (ADR 029, "Offline writes"), apart from IndexedDB and the network so they are
// tested as they are: what a queued write holds, which ones the signed-in person replays and in what order, and what
// each answer means for the write.
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";

/** Where requireUser sends a request without a session. */
const SIGN_IN_PATH = "/auth";

/** One post that could not reach the server, kept to be sent again as it was. */
export interface QueuedWrite {
  /** The client id of this write, also its idempotency key: a replay after a lost answer is the same write. */
  id: string;
  /** The user id of the person who made it: never sent under anyone else's session. */
  owner: string;
  /** The path it was posted to, e.g. /bookmarks. */
  url: string;
  /** The form's fields in order, the idempotency key among them. */
  fields: [string, string][];
  createdAt: number;
  /** What the person is told if the server refuses it (a catalogue key). */
  refusal: string;
}

/** A queued write of a form: its own client id, carried as the form's idempotency key when it has none. */
export function toQueuedWrite(
  { url, form, owner, refusal }: { url: string; form: FormData; owner: string; refusal: string },
  id: string,
  now: number,
): QueuedWrite {
  const fields: [string, string][] = [];
  for (const [name, value] of form) if (typeof value === "string") fields.push([name, value]);
  const key = fields.find(([name]) => name === IDEMPOTENCY_FIELD)?.[1];
  if (!key) fields.push([IDEMPOTENCY_FIELD, id]);
  return { id: key ?? id, owner, url, fields, createdAt: now, refusal };
}

/** The body a write is sent with, as the form sent it. */
export function formBody(write: QueuedWrite): URLSearchParams {
  return new URLSearchParams(write.fields);
}

/** The signed-in person's writes, oldest first, and the ones of anyone else (dropped, never sent). */
export function planReplay(writes: readonly QueuedWrite[], owner: string) {
  return {
    mine: writes.filter((write) => write.owner === owner).sort((a, b) => a.createdAt - b.createdAt),
    others: writes.filter((write) => write.owner !== owner),
  };
}

/**
 * What an answer means for a write: `done` (the server applied it), `refused` (it never will: the person is told and
 * the write dropped), `retry` (kept for later, and the writes after it wait so they still arrive in order).
 * Redirects are followed: a trail saved goes on to its page, while one that ends on sign-in is a session that ended,
 * and the write is kept until the person is back.
 */
export function outcomeOf(response: {
  status: number;
  redirected: boolean;
  url: string;
}): "done" | "refused" | "retry" {
  if (response.redirected && new URL(response.url).pathname === SIGN_IN_PATH) return "retry";
  if (response.status >= 200 && response.status < 300) return "done";
  // 409: the same write is still running on the server (answerOnce), so its answer is yet to come. A 429 is final for
  // these writes ('Still here?' answered already), as any other refusal.
  if (response.status === 408 || response.status === 409) return "retry";
  return response.status >= 400 && response.status < 500 ? "refused" : "retry";
}

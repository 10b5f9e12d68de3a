// Idempotency keys: a client that may send a create request twice (a double click, a retry after a lost answer)
// names the attempt with a key, and the server does the work once. The first request claims the key; a copy that
// arrives while it runs is refused (409); a copy that arrives later gets the first answer again, status and body,
// and creates nothing. Only successful answers are kept: a refused request (a field to correct, a limit reached)
// releases its key, so the corrected attempt of the same form is handled rather than refused again.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { idempotencyKeys } from "~/db/schema";

/** How long a key's answer is kept; the scheduled clean-up deletes older keys. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim without an answer holds its key. A request cancelled mid-way (its client went away, the very
 * case keys are for) never answers nor lets go; after this, a retry takes the key over instead of a day of 409s.
 */
export const IDEMPOTENCY_CLAIM_MS = 60 * 1000;

export interface IdempotencyKey {
  userId: string;
  /** The endpoint (method and path), so one key cannot replay another endpoint's answer. */
  scope: string;
  key: string;
}

export interface Answer {
  status: number;
  body: string;
}

export type IdempotentResult = (Answer & { kind: "answered"; replayed: boolean }) | { kind: "in-flight" };

const matches = ({ userId, scope, key }: IdempotencyKey) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/**
 * Runs `run` once per key: the claim is one upsert (a new key, one older than the window, or a claim left without
 * an answer for IDEMPOTENCY_CLAIM_MS, is taken over), so of two parallel requests with the same key exactly one runs. Without a key, `run` simply runs.
 */
export async function runIdempotently(
  db: Db,
  id: IdempotencyKey | null,
  run: () => Promise<Answer>,
  now = Date.now(),
): Promise<IdempotentResult> {
  if (!id) return { kind: "answered", replayed: false, ...(await run()) };
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...id, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
      set: { status: null, body: null, createdAt: now },
      setWhere: or(
        lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS),
        and(isNull(idempotencyKeys.status), lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_CLAIM_MS)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [first] = await db
      .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(matches(id));
    // No row: the first request failed and let go of the key a moment ago; the client may simply try again.
    if (!first || first.status === null) return { kind: "in-flight" };
    return { kind: "answered", replayed: true, status: first.status, body: first.body ?? "" };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    await release(db, id);
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) {
    await db.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(matches(id));
  } else {
    await release(db, id);
  }
  return { kind: "answered", replayed: false, ...answer };
}

async function release(db: Db, id: IdempotencyKey) {
  await db.delete(idempotencyKeys).where(and(matches(id), isNull(idempotencyKeys.status)));
}

/**
 * runIdempotently for a page, whose visitor would rather see the first request's outcome than a 409: while the
 * first request runs, this one waits for its answer, up to `waitMs`.
 */
export async function runIdempotentlyOrWait(
  db: Db,
  id: IdempotencyKey | null,
  run: () => Promise<Answer>,
  { waitMs = 5000, stepMs = 250 }: { waitMs?: number; stepMs?: number } = {},
): Promise<IdempotentResult> {
  for (let waited = 0; ; waited += stepMs) {
    const result = await runIdempotently(db, id, run);
    if (result.kind === "answered" || waited >= waitMs) return result;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** Drops keys past the window, from the scheduled clean-up. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS));
}

import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import type { TrustLevel } from "~/lib/rules/trust-level";
import { ModelError } from "./model-error";

export interface RateLimit {
  /** How many hits a window allows. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window resets, for a Retry-After header. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` and says whether it is within the limit. The count and the read are one upsert,
 * so parallel requests each see a distinct count: a burst of 30 with a limit of 5 lets exactly 5 through.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { limit, windowSeconds }: RateLimit,
  now = Date.now(),
): Promise<RateLimitResult> {
  const resetsAt = now + windowSeconds * 1000;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetsAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetsAt: sql`CASE WHEN ${rateLimits.resetsAt} <= ${now} THEN excluded.resets_at ELSE ${rateLimits.resetsAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
    .get();
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetsAt - now) / 1000)),
  };
}

/** Forgets a key's hits (a correct password clears its own account+IP failures). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Drops windows that ended, from the scheduled clean-up. */
export async function deleteExpiredRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetsAt} <= ${now}`);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of something a person may do in any 24 hours, and what they are told past it. */
export interface DailyLimit {
  limit: number;
  message: string;
  /** The lower limit of a new account (trust level 0, ADR 051), with its own words. */
  newAccount?: DailyLimit;
}

/**
 * A daily limit and its refusal, a whole sentence with the number written in (so each language words it its own
 * way, and API clients read it as it is); a sentence that names another number is a mistake, caught on loading.
 * `newAccount` is a new account's lower limit (`dailyLimit(5, "… 5 …")`).
 */
export function dailyLimit(limit: number, message: string, newAccount?: DailyLimit): DailyLimit {
  if (!message.includes(` ${limit} `)) throw new Error(`"${message}" does not say the limit, ${limit}`);
  if (newAccount && newAccount.limit >= limit)
    throw new Error(`"${message}": a new account's limit is lower`);
  return newAccount ? { limit, message, newAccount } : { limit, message };
}

/** The limit that holds at a trust level: a new account's where it has one. */
export function dailyLimitAt(daily: DailyLimit, level: TrustLevel): DailyLimit {
  return level === 0 && daily.newAccount ? daily.newAccount : daily;
}

/**
 * SQL that holds while `userId` owns fewer than the limit's rows of `rows.table` made in the 24 hours before `now`.
 * Put in the statement that writes the next row, counting and writing are one step, so a burst of parallel requests
 * cannot all pass a count read beforehand.
 */
export function underDailyLimit({ limit }: DailyLimit, rows: DailyRows, userId: string, now: number): SQL {
  return sql`(SELECT count(*) FROM ${rows.table} WHERE ${ownedToday(rows, userId, now)}) < ${limit}`;
}

const ownedToday = ({ owner, createdAt, only }: DailyRows, userId: string, now: number) =>
  sql`${owner} = ${userId} AND ${createdAt} > ${now - DAY_MS}${only ? sql` AND ${only}` : sql``}`;

/** The rows a daily limit counts: a table, who owns each row and when it was made. */
export interface DailyRows {
  table: SQLiteTable;
  owner: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
  /** Only the rows this holds for (of some kinds). */
  only?: SQL;
}

/** Past an `underDailyLimit`: the 429 to answer, with the seconds until the day's oldest row leaves the window. */
export async function pastDailyLimit(
  db: Db,
  { message }: DailyLimit,
  rows: DailyRows,
  userId: string,
  now: number,
): Promise<ModelError> {
  const [row] = await db.all<{ oldest: number | null }>(
    sql`SELECT min(${rows.createdAt}) AS oldest FROM ${rows.table} WHERE ${ownedToday(rows, userId, now)}`,
  );
  const retryAfterSeconds = Math.max(1, Math.ceil(((row?.oldest ?? now) + DAY_MS - now) / 1000));
  return new ModelError(429, message, { retryAfterSeconds });
}

// Throttles on the account flows, counted in D1 with atomic upserts (rate-limit.server.ts): every hit is counted
// before any password or mail work, so a burst of parallel requests cannot slip past a limit (the audit saw 32
// guesses pass a KV counter limited to 5). Keys never say whether an account exists: an unknown address is
// counted exactly like a known one.
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { consumeRateLimit, type RateLimit, resetRateLimit } from "./rate-limit.server";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Sign-in guesses are limited per account and IP together, so a stranger's wrong guesses lock out only the
 * stranger, never the owner signing in from elsewhere; and per IP across accounts. A correct password gives
 * its attempt back, so one network full of people signing in is not throttled.
 */
export const SIGN_IN_LIMITS = {
  accountAndIp: { limit: 5, windowSeconds: 15 * MINUTE },
  ip: { limit: 20, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

export const SIGN_UP_LIMITS = { ip: { limit: 10, windowSeconds: HOUR } } satisfies Record<string, RateLimit>;

/**
 * Reset links, confirmation links and "you already have an account" notes: e-mails to one address, and e-mails
 * asked for from one IP.
 */
export const MAIL_LIMITS = {
  address: { limit: 3, windowSeconds: HOUR },
  ip: { limit: 10, windowSeconds: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * In local development (npm start, the e2e suite) every request comes from one loopback address, and the e2e
 * suite alone signs up dozens of accounts an hour: limits per IP are looser there. Deployed Workers and the
 * integration tests use the limits above.
 */
const LOCAL_IP_FACTOR = 50;

function perIp(config: AppConfig, limit: RateLimit): RateLimit {
  return config.ENVIRONMENT === "development" ? { ...limit, limit: limit.limit * LOCAL_IP_FACTOR } : limit;
}

export interface Throttle {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit on every key; allowed only when every key is within its limit. */
async function consumeAll(db: Db, hits: [key: string, limit: RateLimit][]): Promise<Throttle> {
  const results = await Promise.all(hits.map(([key, limit]) => consumeRateLimit(db, key, limit)));
  const refused = results.filter((result) => !result.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSeconds: Math.max(0, ...refused.map((result) => result.retryAfterSeconds)),
  };
}

const signInKeys = (email: string, ip: string) => ({
  accountAndIp: `signin:account-ip:${email}|${ip}`,
  ip: `signin:ip:${ip}`,
});

export function consumeSignInAttempt(db: Db, config: AppConfig, email: string, ip: string) {
  const keys = signInKeys(email, ip);
  return consumeAll(db, [
    [keys.accountAndIp, SIGN_IN_LIMITS.accountAndIp],
    [keys.ip, perIp(config, SIGN_IN_LIMITS.ip)],
  ]);
}

/** After a correct password: this account and IP start afresh, and the IP's count gets the attempt back. */
export async function forgiveSignInAttempt(db: Db, email: string, ip: string): Promise<void> {
  const keys = signInKeys(email, ip);
  await Promise.all([
    resetRateLimit(db, keys.accountAndIp),
    db
      .update(rateLimits)
      .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${keys.ip}`),
  ]);
}

export function consumeSignUp(db: Db, config: AppConfig, ip: string) {
  return consumeAll(db, [[`signup:ip:${ip}`, perIp(config, SIGN_UP_LIMITS.ip)]]);
}

/** One hit for an e-mail of `kind` to `address` asked for from `ip`. */
export function consumeMail(
  db: Db,
  config: AppConfig,
  kind: "reset" | "confirm" | "registered",
  address: string,
  ip: string,
) {
  return consumeAll(db, [
    [`mail:${kind}:address:${address}`, MAIL_LIMITS.address],
    [`mail:${kind}:ip:${ip}`, perIp(config, MAIL_LIMITS.ip)],
  ]);
}

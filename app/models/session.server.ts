import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, sessions, spentRefreshTokens, users } from "~/db/schema";
import { readSessionToken } from "~/lib/auth/session-token";
import { randomToken, sha256Hex } from "~/lib/auth/tokens";
import { isLanguage, type Language } from "~/lib/i18n/languages";
import type { Role } from "~/lib/rules/options";

// Sessions live in D1 (the truth: revocable, listable) and are cached in KV for fast reads (ADR 003).

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so an active user does not cost a D1 write per request. */
const SLIDE_INTERVAL_MS = 24 * 60 * 60 * 1000;
const KV_TTL_SECONDS = 5 * 60;
const kvKey = (tokenHash: string) => `session:${tokenHash}`;

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  fullName: string;
  username: string | null;
  /** The interface language chosen in Settings; null follows the browser. */
  language: Language | null;
  /** The profile picture (an uploaded /photos/... path or an http(s) URL); null shows initials. */
  avatarUrl: string | null;
}

/** The columns a SessionUser is read from (users joined with profiles), for toSessionUser. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  fullName: profiles.fullName,
  username: profiles.username,
  language: profiles.language,
  avatarUrl: profiles.avatarUrl,
};

export function toSessionUser(
  row: Pick<typeof users.$inferSelect, "id" | "email" | "role" | "emailVerifiedAt"> &
    Pick<typeof profiles.$inferSelect, "fullName" | "username" | "language" | "avatarUrl">,
): SessionUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    fullName: row.fullName,
    username: row.username,
    language: isLanguage(row.language) ? row.language : null,
    avatarUrl: row.avatarUrl,
  };
}

export interface ActiveSession {
  user: SessionUser;
  expiresAt: number;
}

export interface NewSession {
  token: string;
  /** Only for API clients (`withRefreshToken`): traded for a new pair at POST /api/auth/refresh. */
  refreshToken: string | null;
  expiresAt: number;
}

/** Settings lists sessions by their device; a User-Agent longer than this says nothing more worth keeping. */
export const USER_AGENT_MAX_LENGTH = 200;

const storedUserAgent = (userAgent: string | null | undefined) =>
  userAgent?.trim().slice(0, USER_AGENT_MAX_LENGTH) || null;

export async function createSession(
  db: Db,
  userId: string,
  {
    now = Date.now(),
    withRefreshToken = false,
    userAgent,
  }: { now?: number; withRefreshToken?: boolean; userAgent?: string | null } = {},
): Promise<NewSession> {
  const token = randomToken();
  const refreshToken = withRefreshToken ? randomToken() : null;
  const expiresAt = now + SESSION_TTL_MS;
  await db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    refreshHash: refreshToken ? await sha256Hex(refreshToken) : null,
    // A sign-in starts a family; every session refreshed from it inherits it (refreshSession).
    refreshFamily: refreshToken ? randomToken() : null,
    userId,
    userAgent: storedUserAgent(userAgent),
    lastSeenAt: now,
    expiresAt,
    createdAt: now,
  });
  return { token, refreshToken, expiresAt };
}

/**
 * Trades a refresh token for a new session of the same family (both tokens new, the old session gone), or null
 * when the refresh token is unknown, spent or its session expired. Each refresh token works once, and the spent
 * one is remembered until it would have expired: using it again means two parties hold the family's tokens (one
 * of them stole it), so every session of the family is ended (OAuth 2.0 Security BCP, refresh token rotation).
 */
export async function refreshSession(db: Db, kv: KVNamespace, refreshToken: string, now = Date.now()) {
  const refreshHash = await sha256Hex(refreshToken);
  const live = and(eq(sessions.refreshHash, refreshHash), gt(sessions.expiresAt, now));
  const next = { token: randomToken(), refreshToken: randomToken(), expiresAt: now + SESSION_TTL_MS };
  const family = sql`coalesce(${sessions.refreshFamily}, ${sessions.refreshHash})`;
  // One transaction: of two requests with the same token, exactly one trades it and the other sees it spent.
  const [, , traded] = await db.batch([
    db.insert(sessions).select(
      db
        .select({
          tokenHash: sql`${await sha256Hex(next.token)}`.as("token_hash"),
          refreshHash: sql`${await sha256Hex(next.refreshToken)}`.as("refresh_hash"),
          refreshFamily: family.as("refresh_family"),
          userId: sessions.userId,
          userAgent: sessions.userAgent,
          lastSeenAt: sql`${now}`.as("last_seen_at"),
          createdAt: sql`${now}`.as("created_at"),
          expiresAt: sql`${next.expiresAt}`.as("expires_at"),
        })
        .from(sessions)
        .where(live),
    ),
    db.insert(spentRefreshTokens).select(
      db
        .select({
          refreshHash: sessions.refreshHash,
          refreshFamily: family.as("refresh_family"),
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(live),
    ),
    db.delete(sessions).where(live).returning({ tokenHash: sessions.tokenHash, userId: sessions.userId }),
  ]);
  const [old] = traded;
  if (old) {
    await kv.delete(kvKey(old.tokenHash));
    return { userId: old.userId, session: { ...next } satisfies NewSession };
  }
  const [spent] = await db
    .select({ family: spentRefreshTokens.refreshFamily })
    .from(spentRefreshTokens)
    .where(and(eq(spentRefreshTokens.refreshHash, refreshHash), gt(spentRefreshTokens.expiresAt, now)))
    .limit(1);
  if (spent) await revokeFamily(db, kv, spent.family);
  return null;
}

async function revokeFamily(db: Db, kv: KVNamespace, family: string): Promise<void> {
  const revoked = await db
    .delete(sessions)
    .where(eq(sessions.refreshFamily, family))
    .returning({ tokenHash: sessions.tokenHash });
  await Promise.all(revoked.map((row) => kv.delete(kvKey(row.tokenHash))));
}

/** Drops spent refresh tokens past their expiry, from the scheduled clean-up. */
export async function deleteExpiredSpentRefreshTokens(db: Db, now = Date.now()): Promise<void> {
  await db.delete(spentRefreshTokens).where(lte(spentRefreshTokens.expiresAt, now));
}

async function loadFromDatabase(db: Db, tokenHash: string, now: number) {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, userAgent: sessions.userAgent, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * The signed-in user behind a token, or null. Reads KV first; once a day of use it extends the expiry and notes
 * the day as last seen. `userAgent` (the request's) fills in the device of a session that has none: sessions from
 * before devices were kept, or made by a sign-in that did not pass it on.
 */
export async function findSession(
  db: Db,
  kv: KVNamespace,
  token: string,
  now = Date.now(),
  userAgent: string | null = null,
): Promise<ActiveSession | null> {
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const cached = await kv.get<ActiveSession>(kvKey(tokenHash), "json");
  if (cached && cached.expiresAt > now) return cached;

  const row = await loadFromDatabase(db, tokenHash, now);
  if (!row) return null;
  const session: ActiveSession = { expiresAt: row.expiresAt, user: toSessionUser(row.user) };
  const slide = session.expiresAt - now < SESSION_TTL_MS - SLIDE_INTERVAL_MS;
  const device = row.userAgent === null ? storedUserAgent(userAgent) : null;
  if (slide || device) {
    if (slide) session.expiresAt = now + SESSION_TTL_MS;
    await db
      .update(sessions)
      .set({
        ...(slide ? { expiresAt: session.expiresAt, lastSeenAt: now } : {}),
        ...(device ? { userAgent: device } : {}),
      })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  await kv.put(kvKey(tokenHash), JSON.stringify(session), { expirationTtl: KV_TTL_SECONDS });
  return session;
}

export async function revokeSession(db: Db, kv: KVNamespace, token: string): Promise<void> {
  const tokenHash = await sha256Hex(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await kv.delete(kvKey(tokenHash));
}

/** Drops a user's sessions from the KV cache (after their name or e-mail status changed); D1 keeps them. */
export async function forgetCachedSessions(db: Db, kv: KVNamespace, userId: string): Promise<void> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  await Promise.all(rows.map((row) => kv.delete(kvKey(row.tokenHash))));
}

/** Ends every session of a user (e.g. after a password change), in D1 and in the KV cache. */
export async function revokeAllSessions(db: Db, kv: KVNamespace, userId: string): Promise<void> {
  const revoked = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  await Promise.all(revoked.map((row) => kv.delete(kvKey(row.tokenHash))));
}

/** The signed-in user of a request (Bearer token or session cookie), or null for a visitor. */
export async function findViewer(db: Db, kv: KVNamespace, headers: Headers): Promise<SessionUser | null> {
  const token = readSessionToken(headers);
  if (!token) return null;
  return (await findSession(db, kv, token, Date.now(), headers.get("User-Agent")))?.user ?? null;
}

/**
 * A session's public name in the session list and in DELETE /api/profile/sessions/:id: a short hash of its token
 * hash. The token hash itself never leaves the server (with it, a KV or D1 read is a lookup away), and this one
 * cannot be turned back into it.
 */
export async function sessionId(tokenHash: string): Promise<string> {
  return (await sha256Hex(`session-id:${tokenHash}`)).slice(0, 20);
}

export interface SessionSummary {
  id: string;
  userAgent: string | null;
  createdAt: number;
  /** The last day the session was used (written at most once a day); null for sessions older than the column. */
  lastSeenAt: number | null;
  /** The session of the request that asks. */
  current: boolean;
}

/** A user's live sessions, the asking one first, then the most recently seen. */
export async function listSessions(
  db: Db,
  userId: string,
  currentToken: string,
  now = Date.now(),
): Promise<SessionSummary[]> {
  const currentHash = await sha256Hex(currentToken);
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  const summaries = await Promise.all(
    rows.map(async (row) => ({
      id: await sessionId(row.tokenHash),
      userAgent: row.userAgent,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.tokenHash === currentHash,
    })),
  );
  return summaries.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every session of a user but the one holding `keepToken`; answers how many ended. */
export async function revokeOtherSessions(
  db: Db,
  kv: KVNamespace,
  userId: string,
  keepToken: string,
): Promise<number> {
  const revoked = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, await sha256Hex(keepToken))))
    .returning({ tokenHash: sessions.tokenHash });
  await Promise.all(revoked.map((row) => kv.delete(kvKey(row.tokenHash))));
  return revoked.length;
}

/** Ends one of the user's own sessions, named by its sessionId; false when the user has no session by that id. */
export async function revokeSessionById(
  db: Db,
  kv: KVNamespace,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  for (const row of rows) {
    if ((await sessionId(row.tokenHash)) !== id) continue;
    await db.delete(sessions).where(and(eq(sessions.tokenHash, row.tokenHash), eq(sessions.userId, userId)));
    await kv.delete(kvKey(row.tokenHash));
    return true;
  }
  return false;
}

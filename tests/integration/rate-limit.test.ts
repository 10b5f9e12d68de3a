import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { consumeRateLimit, deleteExpiredRateLimits, resetRateLimit } from "~/models/rate-limit.server";

const limit = { limit: 5, windowSeconds: 60 };

describe("consumeRateLimit", () => {
  // Audit: a KV get-then-put counter let 32 of 30+ parallel guesses through a limit of 5.
  it("lets exactly the limit through when 30 hits arrive at once", async () => {
    const db = getDb(env.DB);
    const results = await Promise.all(Array.from({ length: 30 }, () => consumeRateLimit(db, "burst", limit)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it("starts a new window once the old one ends, and says when it resets", async () => {
    const db = getDb(env.DB);
    const start = 1_000_000;
    for (let i = 0; i < 5; i++) await consumeRateLimit(db, "window", limit, start);
    const blocked = await consumeRateLimit(db, "window", limit, start + 30_000);
    expect(blocked).toEqual({ allowed: false, count: 6, retryAfterSeconds: 30 });
    expect((await consumeRateLimit(db, "window", limit, start + 59_999)).allowed).toBe(false);
    expect(await consumeRateLimit(db, "window", limit, start + 60_000)).toMatchObject({
      allowed: true,
      count: 1,
    });
  });

  it("keeps keys apart, forgets a reset key and deletes ended windows", async () => {
    const db = getDb(env.DB);
    await consumeRateLimit(db, "a", { limit: 1, windowSeconds: 60 }, 0);
    expect((await consumeRateLimit(db, "b", { limit: 1, windowSeconds: 60 }, 0)).allowed).toBe(true);
    await resetRateLimit(db, "a");
    expect((await consumeRateLimit(db, "a", { limit: 1, windowSeconds: 60 }, 0)).allowed).toBe(true);
    await deleteExpiredRateLimits(db, 60_000);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key IN ('a', 'b')").first<{
      n: number;
    }>();
    expect(left?.n).toBe(0);
  });
});

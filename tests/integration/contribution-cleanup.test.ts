import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { idempotencyKeys, photos } from "~/db/schema";
import { runIdempotently } from "~/models/idempotency.server";
import worker from "../../workers/app";
import { runScheduledJobs } from "../../workers/scheduled";
import { createSignedInUser, createStall } from "../factories";

const HOUR = 60 * 60 * 1000;
const db = () => getDb(env.DB);

async function storedUpload(userId: string, key: string, createdAt: number, stallId: number | null = null) {
  await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
  await db().insert(photos).values({ key, userId, stallId, contentType: "image/png", size: 3, createdAt });
}

// Audit: photos never attached to a stall stayed in R2 and D1 for ever.
describe("the scheduled clean-up of uploads", () => {
  it("deletes uploads unattached after 24 hours, object and row, and keeps newer or attached ones", async () => {
    const user = await createSignedInUser(env);
    const now = Date.now();
    const stall = await createStall(env, { createdBy: user.id });
    const stallRow = await env.DB.prepare("SELECT id FROM stalls WHERE shop_unique_id = ?")
      .bind(stall.shopUniqueId)
      .first<{ id: number }>();
    await storedUpload(user.id, "abandonedabandoned01.png", now - 25 * HOUR);
    await storedUpload(user.id, "stillfillingform0001.png", now - 23 * HOUR);
    await storedUpload(user.id, "onastallonastall0001.png", now - 48 * HOUR, stallRow?.id ?? null);

    await runScheduledJobs(env, now);

    const left = await db().select({ key: photos.key }).from(photos).where(eq(photos.userId, user.id));
    expect(left.map((row) => row.key).sort()).toEqual([
      "onastallonastall0001.png",
      "stillfillingform0001.png",
    ]);
    expect(await env.PHOTOS.head("abandonedabandoned01.png")).toBeNull();
    expect(await env.PHOTOS.head("stillfillingform0001.png")).not.toBeNull();
    expect(await env.PHOTOS.head("onastallonastall0001.png")).not.toBeNull();
  });

  it("deletes idempotency keys older than 24 hours", async () => {
    const user = await createSignedInUser(env);
    const now = Date.now();
    const answer = async () => ({ status: 201, body: "{}" });
    await runIdempotently(
      db(),
      { userId: user.id, scope: "POST /x", key: "old-key-000" },
      answer,
      now - 25 * HOUR,
    );
    await runIdempotently(
      db(),
      { userId: user.id, scope: "POST /x", key: "new-key-000" },
      answer,
      now - HOUR,
    );
    await runScheduledJobs(env, now);
    const left = await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left).toEqual([{ key: "new-key-000" }]);
  });
});

describe("runIdempotently", () => {
  it("refuses a copy while the first runs, replays the answer after, and runs again once the key expired", async () => {
    const user = await createSignedInUser(env);
    const id = { userId: user.id, scope: "POST /api/shop", key: "a-key-123" };
    let finish = (_: { status: number; body: string }) => {};
    let runs = 0;
    const first = runIdempotently(db(), id, () => {
      runs++;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    // Let the first claim its key.
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await runIdempotently(db(), id, async () => ({ status: 201, body: "second" }))).toEqual({
      kind: "in-flight",
    });
    finish({ status: 201, body: '{"id":1}' });
    expect(await first).toEqual({ kind: "answered", replayed: false, status: 201, body: '{"id":1}' });
    expect(await runIdempotently(db(), id, async () => ({ status: 201, body: "third" }))).toEqual({
      kind: "answered",
      replayed: true,
      status: 201,
      body: '{"id":1}',
    });
    const later = Date.now() + 25 * HOUR;
    expect(
      await runIdempotently(db(), id, async () => ({ status: 201, body: "fresh" }), later),
    ).toMatchObject({
      replayed: false,
      body: "fresh",
    });
    expect(runs).toBe(1);
  });

  it("lets go of the key when the work fails or is refused", async () => {
    const user = await createSignedInUser(env);
    const id = { userId: user.id, scope: "POST /api/shop", key: "b-key-123" };
    await expect(
      runIdempotently(db(), id, async () => {
        throw new Error("D1 went away");
      }),
    ).rejects.toThrow("D1 went away");
    expect(await runIdempotently(db(), id, async () => ({ status: 429, body: "limit" }))).toMatchObject({
      replayed: false,
      status: 429,
    });
    expect(await runIdempotently(db(), id, async () => ({ status: 201, body: "ok" }))).toMatchObject({
      replayed: false,
      status: 201,
    });
  });

  // Review: a request cancelled mid-way (its client went away) left its claim without an answer, and every retry
  // with that key was refused as in flight for the whole 24 hours.
  it("lets a retry take over a claim left without an answer for a minute", async () => {
    const user = await createSignedInUser(env);
    const id = { userId: user.id, scope: "POST /api/upload", key: "c-key-123" };
    const claimedAt = Date.now();
    await db()
      .insert(idempotencyKeys)
      .values({ ...id, createdAt: claimedAt });
    const retry = async () => ({ status: 201, body: "retried" });
    expect(await runIdempotently(db(), id, retry, claimedAt + 30_000)).toEqual({ kind: "in-flight" });
    expect(await runIdempotently(db(), id, retry, claimedAt + 61_000)).toMatchObject({
      replayed: false,
      body: "retried",
    });
  });
});

describe("the Worker's Cron Trigger", () => {
  it("runs the clean-ups through the Worker's scheduled handler", async () => {
    const user = await createSignedInUser(env);
    await storedUpload(user.id, "cronabandonedupload1.png", Date.now() - 25 * HOUR);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await env.PHOTOS.head("cronabandonedupload1.png")).toBeNull();
  });
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { CONFIRMATION_WINDOW_DAYS, type ConfirmationView } from "~/lib/schemas/community";
import { listOpenReports, resolveReport } from "~/models/report/report.server";
import { CLOSED_BY_ANSWERS, confirmStall, readStallFreshness } from "~/models/stall/stall.server";
import { createSignedInUser, createStall, createUser } from "../factories";

// 'Still here?' through POST/GET /api/shop/:id/confirm against real D1: one answer per person and stall in the
// window, 'Last confirmed', and independent 'Closed for good' answers reaching the moderators' Reports queue once.

const db = getDb(env.DB);
const DAY = 24 * 60 * 60 * 1000;
const WINDOW = CONFIRMATION_WINDOW_DAYS * DAY;
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

function call(method: string, stallId: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api/shop/${stallId}/confirm`,
    {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const answer = (user: SignedIn, stallId: string, value: unknown) =>
  call("POST", stallId, { token: user.token, body: { answer: value } });

async function openClosedReports(stallId: string) {
  return (await listOpenReports(db)).items.filter((r) => r.stall.id === stallId && r.kind === "closed");
}

let user: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  [user, other] = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
});

describe("POST /api/shop/:id/confirm", () => {
  it("records a Yes: 'Last confirmed' is now, and the next answer is due after the window", async () => {
    const stall = await createStall(env);
    const before = Date.now();
    const view = await json<ConfirmationView>(await answer(user, stall.shopUniqueId, "still_here"), 201);
    expect(view.answer).toBe("still_here");
    const confirmed = Date.parse(view.last_confirmed_at ?? "");
    expect(confirmed).toBeGreaterThanOrEqual(before);
    expect(Date.parse(view.next_answer_at) - confirmed).toBe(WINDOW);

    const row = await env.DB.prepare("SELECT last_confirmed_at AS at FROM stalls WHERE shop_unique_id = ?")
      .bind(stall.shopUniqueId)
      .first<{ at: number }>();
    expect(row?.at).toBe(confirmed);
    // What the stall page shows: the date for everyone, the own answer for its author.
    expect(await json(await call("GET", stall.shopUniqueId), 200)).toEqual({
      last_confirmed_at: view.last_confirmed_at,
      my_answer: null,
      next_answer_at: null,
    });
    expect(await json(await call("GET", stall.shopUniqueId, { token: user.token }), 200)).toEqual({
      last_confirmed_at: view.last_confirmed_at,
      my_answer: "still_here",
      next_answer_at: view.next_answer_at,
    });
  });

  it("refuses a second answer inside the window with 429, Retry-After and the day to answer again", async () => {
    const stall = await createStall(env);
    await json(await answer(user, stall.shopUniqueId, "moved"), 201);
    const again = await answer(user, stall.shopUniqueId, "still_here");
    const refusal = await json<{ error: string }>(again, 429);
    const day = new Date(Date.now() + WINDOW).toISOString().slice(0, 10);
    expect(refusal.error).toBe(
      `You already answered 'Still here?' for this stall. You can answer again on ${day}.`,
    );
    const retryAfter = Number(again.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(WINDOW / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
    // 'Moved' does not date the stall, and the refused Yes changed nothing.
    expect((await readStallFreshness(db, user.id, stall.shopUniqueId)).last_confirmed_at).toBeNull();
  });

  it("stores one of several answers sent at once", async () => {
    const stall = await createStall(env);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => answer(other, stall.shopUniqueId, "still_here")),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n FROM stall_confirmations c JOIN stalls s ON s.id = c.stall_id WHERE s.shop_unique_id = ?",
    )
      .bind(stall.shopUniqueId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);
  });

  it("refuses visitors (401), unconfirmed addresses (403), bad answers (400 naming answer) and unknown or pending stalls (404)", async () => {
    const stall = await createStall(env);
    expect((await call("POST", stall.shopUniqueId, { body: { answer: "still_here" } })).status).toBe(401);
    const unconfirmed = await createSignedInUser(env, { verified: false });
    expect((await answer(unconfirmed, stall.shopUniqueId, "still_here")).status).toBe(403);
    for (const bad of ["yes", "", 1, null, "x".repeat(5000)]) {
      const refused = await json<{ field: string; error: string }>(
        await answer(user, stall.shopUniqueId, bad),
        400,
      );
      expect(refused).toEqual({ field: "answer", error: "answer: Answer still_here, moved or closed" });
    }
    expect(
      (
        await json<{ field: string }>(
          await call("POST", stall.shopUniqueId, { token: user.token, body: {} }),
          400,
        )
      ).field,
    ).toBe("answer");
    expect((await call("POST", stall.shopUniqueId, { token: user.token, body: "[1]" })).status).toBe(400);
    expect((await answer(user, "no-such-stall-here", "closed")).status).toBe(404);
    expect((await answer(user, "%3Cscript%3E", "closed")).status).toBe(404);
    const pending = await createStall(env, { status: "pending", createdBy: user.id });
    expect((await answer(user, pending.shopUniqueId, "still_here")).status).toBe(404);
    expect((await call("GET", pending.shopUniqueId, { token: user.token })).status).toBe(404);
    expect((await call("GET", "no-such-stall-here")).status).toBe(404);
    expect(await readStallFreshness(db, user.id, stall.shopUniqueId)).toEqual({
      last_confirmed_at: null,
      my_answer: null,
      next_answer_at: null,
    });
  });
});

describe("the window", () => {
  it("opens again after CONFIRMATION_WINDOW_DAYS, and a later Yes moves 'Last confirmed'", async () => {
    const stall = await createStall(env);
    const { id } = await createUser(env);
    const start = Date.now() - 40 * DAY;
    const first = await confirmStall(db, id, stall.shopUniqueId, "still_here", start);
    expect(first.next_answer_at).toBe(new Date(start + WINDOW).toISOString());
    await expect(
      confirmStall(db, id, stall.shopUniqueId, "closed", start + WINDOW - 1),
    ).rejects.toMatchObject({
      status: 429,
    });
    const later = await confirmStall(db, id, stall.shopUniqueId, "still_here", start + WINDOW + 1);
    expect(later.last_confirmed_at).toBe(new Date(start + WINDOW + 1).toISOString());
    const freshness = await readStallFreshness(db, id, stall.shopUniqueId, start + WINDOW + 2);
    expect(freshness).toEqual({
      last_confirmed_at: later.last_confirmed_at,
      my_answer: "still_here",
      next_answer_at: new Date(start + 2 * WINDOW + 1).toISOString(),
    });
    // Once the window has passed, the answer no longer holds the person back.
    expect((await readStallFreshness(db, id, stall.shopUniqueId, start + 3 * WINDOW)).my_answer).toBeNull();
  });
});

describe("'Closed for good' answers", () => {
  it("send the stall to the Reports queue once two different people gave them, and only once while it is open", async () => {
    const stall = await createStall(env, { name: "Gone Gupta Chaat" });
    const [first, second, third] = await Promise.all([
      createSignedInUser(env),
      createSignedInUser(env),
      createSignedInUser(env),
    ]);
    await json(await answer(first, stall.shopUniqueId, "closed"), 201);
    expect(await openClosedReports(stall.shopUniqueId)).toEqual([]);
    // The same person again counts once (and is refused).
    expect((await answer(first, stall.shopUniqueId, "closed")).status).toBe(429);
    expect(await openClosedReports(stall.shopUniqueId)).toEqual([]);

    await json(await answer(second, stall.shopUniqueId, "closed"), 201);
    const reports = await openClosedReports(stall.shopUniqueId);
    expect(reports).toEqual([
      expect.objectContaining({
        kind: "closed",
        details: CLOSED_BY_ANSWERS,
        stall: { id: stall.shopUniqueId, name: "Gone Gupta Chaat" },
        reporter: expect.objectContaining({ email: second.email }),
      }),
    ]);
    expect(CLOSED_BY_ANSWERS).toBe("2 people answered 'Still here?' with 'Closed for good' within 30 days.");

    await json(await answer(third, stall.shopUniqueId, "closed"), 201);
    expect(await openClosedReports(stall.shopUniqueId)).toHaveLength(1);
  });

  it("need independent people inside the window; a resolved report lets the next one through", async () => {
    const stall = await createStall(env);
    const [a, b, c, moderator] = await Promise.all([
      createUser(env),
      createUser(env),
      createUser(env),
      createUser(env, { role: "moderator" }),
    ]);
    const now = Date.now();
    // An answer older than the window does not count towards a new one.
    await confirmStall(db, a.id, stall.shopUniqueId, "closed", now - WINDOW - DAY);
    await confirmStall(db, b.id, stall.shopUniqueId, "closed", now);
    expect(await openClosedReports(stall.shopUniqueId)).toEqual([]);
    // Other answers are not 'closed' ones.
    await confirmStall(db, c.id, stall.shopUniqueId, "moved", now);
    expect(await openClosedReports(stall.shopUniqueId)).toEqual([]);

    await confirmStall(db, a.id, stall.shopUniqueId, "closed", now + 1);
    const [report] = await openClosedReports(stall.shopUniqueId);
    expect(report).toBeDefined();
    // A moderator found it still there and closed the report; two later 'closed' answers can raise it again.
    await resolveReport(db, env.KV, report?.id ?? 0, moderator.id);
    expect(await openClosedReports(stall.shopUniqueId)).toEqual([]);
    const d = await createUser(env);
    await confirmStall(db, d.id, stall.shopUniqueId, "closed", now + 2);
    expect(await openClosedReports(stall.shopUniqueId)).toHaveLength(1);
  });
});

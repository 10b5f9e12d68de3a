import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { reports, stallClaims, stalls } from "~/db/schema";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import { CLAIM_PENDING, listPendingClaims, STALL_OWNED } from "~/models/claim.server";
import { DAILY_STALL_REPORT_LIMIT, listOpenReports } from "~/models/report/report.server";
import { createSignedInUser, createStall } from "../factories";

const db = getDb(env.DB);
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

function send(path: string, body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) {
  return api.request(
    path,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    env,
  );
}

const VALID_CLAIM = {
  name: "Ramesh Kumar",
  phone: "+91 98765 43210",
  reason: "I have run this cart since 2009.",
};

let user: SignedIn;
let other: SignedIn;
let unconfirmed: SignedIn;
let approvedId = "";
let othersPendingId = "";
let ownPendingId = "";

beforeAll(async () => {
  [user, other, unconfirmed] = await Promise.all([
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env, { verified: false }),
  ]);
  approvedId = (await createStall(env, { name: "Report Target" })).shopUniqueId;
  othersPendingId = (await createStall(env, { status: "pending", createdBy: other.id })).shopUniqueId;
  ownPendingId = (await createStall(env, { status: "pending", createdBy: user.id })).shopUniqueId;
});

describe("POST /api/shop/:id/reports", () => {
  it("stores a report for the queue, script text included as plain text", async () => {
    const details = "<script>alert('x')</script> The cart moved 200 m north";
    const response = await send(
      `/api/shop/${approvedId}/reports`,
      { kind: "moved", details },
      { token: user.token },
    );
    expect(response.status).toBe(201);
    const open = (await listOpenReports(db)).items.filter((r) => r.stall.id === approvedId);
    expect(open).toEqual([
      expect.objectContaining({
        kind: "moved",
        details,
        reporter: expect.objectContaining({ email: user.email }),
      }),
    ]);
  });

  it("takes a kind without details, and the cookie of a same-origin page", async () => {
    const response = await send(
      `/api/shop/${approvedId}/reports`,
      { kind: "closed" },
      { headers: { Cookie: `nukkad_session=${user.token}`, Origin: "http://localhost" } },
    );
    expect(response.status).toBe(201);
  });

  it.each([
    [{}, "kind"],
    [{ kind: "haunted" }, "kind"],
    [{ kind: 3 }, "kind"],
    [{ kind: "other" }, "details"],
    [{ kind: "other", details: "   " }, "details"],
    [{ kind: "moved", details: "x".repeat(1001) }, "details"],
    [{ kind: "moved", details: ["array"] }, "details"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const response = await send(`/api/shop/${approvedId}/reports`, body, { token: user.token });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
  });

  it("answers 400 to a body that is not JSON", async () => {
    expect((await send(`/api/shop/${approvedId}/reports`, "kind=moved", { token: user.token })).status).toBe(
      400,
    );
  });

  it("refuses visitors, unconfirmed accounts, forged cross-site posts and stalls the caller cannot see", async () => {
    const visitor = await send(`/api/shop/${approvedId}/reports`, { kind: "moved" });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "Please log in first!" });

    const fresh = await send(
      `/api/shop/${approvedId}/reports`,
      { kind: "moved" },
      { token: unconfirmed.token },
    );
    expect(fresh.status).toBe(403);
    expect(await fresh.json()).toEqual({ error: CONFIRM_EMAIL_FIRST });

    const forged = await send(
      `/api/shop/${approvedId}/reports`,
      { kind: "moved" },
      { headers: { Cookie: `nukkad_session=${user.token}`, Origin: "https://evil.example" } },
    );
    expect(forged.status).toBe(403);

    for (const id of [othersPendingId, "no-such-stall", "bad%20id!"]) {
      const hidden = await send(`/api/shop/${id}/reports`, { kind: "moved" }, { token: user.token });
      expect(hidden.status).toBe(404);
    }
    // Your own pending stall is visible to you.
    expect(
      (await send(`/api/shop/${ownPendingId}/reports`, { kind: "moved" }, { token: user.token })).status,
    ).toBe(201);
    const [{ n } = { n: 0 }] = await db
      .select({ n: reports.id })
      .from(reports)
      .innerJoin(
        stalls,
        and(eq(reports.subjectType, "stall"), eq(reports.subjectId, sql`CAST(${stalls.id} AS TEXT)`)),
      )
      .where(eq(stalls.shopUniqueId, othersPendingId));
    expect(n).toBe(0);
  });
});

describe("report and claim limits", () => {
  // Audit: stall reports had no rate limit.
  it("takes 10 stall reports a day from one user, even sent at once, then answers 429 with Retry-After", async () => {
    const reporter = await createSignedInUser(env, { established: true });
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        send(`/api/shop/${approvedId}/reports`, { kind: "moved" }, { token: reporter.token }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(DAILY_STALL_REPORT_LIMIT.limit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    expect(await refused[0]?.json()).toEqual({ error: DAILY_STALL_REPORT_LIMIT.message });
    expect(Number(refused[0]?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("stores one claim for an Idempotency-Key sent twice and answers the retry as the first", async () => {
    const claimant = await createSignedInUser(env);
    const stallId = (await createStall(env, { name: "Claimed Twice" })).shopUniqueId;
    const headers = {
      Authorization: `Bearer ${claimant.token}`,
      "Content-Type": "application/json",
      "Idempotency-Key": crypto.randomUUID(),
    };
    const claim = {
      name: "Ramesh Kumar",
      phone: "+91 98765 43210",
      reason: "I run this stall every evening.",
    };
    const post = () =>
      api.request(
        `/api/shop/${stallId}/claims`,
        { method: "POST", headers, body: JSON.stringify(claim) },
        env,
      );
    const first = await post();
    const retry = await post();
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
  });
});

describe("POST /api/shop/:id/claims", () => {
  it("stores one pending claim per person and stall", async () => {
    const stallId = (await createStall(env, { name: "Claimable Cart" })).shopUniqueId;
    const first = await send(`/api/shop/${stallId}/claims`, VALID_CLAIM, { token: user.token });
    expect(first.status).toBe(201);
    const again = await send(`/api/shop/${stallId}/claims`, VALID_CLAIM, { token: user.token });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: CLAIM_PENDING });
    expect((await send(`/api/shop/${stallId}/claims`, VALID_CLAIM, { token: other.token })).status).toBe(201);
    const pending = (await listPendingClaims(db)).items.filter((c) => c.stall.id === stallId);
    expect(pending.map((c) => c.claimant.email).sort()).toEqual([user.email, other.email].sort());
    expect(pending[0]).toMatchObject({ name: "Ramesh Kumar", phone: "+91 98765 43210" });
  });

  it("refuses a stall that is verified and owned", async () => {
    const stallId = (await createStall(env, { isVerified: true })).shopUniqueId;
    await db.update(stalls).set({ ownerId: other.id }).where(eq(stalls.shopUniqueId, stallId));
    const response = await send(`/api/shop/${stallId}/claims`, VALID_CLAIM, { token: user.token });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: STALL_OWNED });
  });

  it.each([
    [{ phone: VALID_CLAIM.phone, reason: VALID_CLAIM.reason }, "name"],
    [{ ...VALID_CLAIM, name: "   " }, "name"],
    [{ ...VALID_CLAIM, name: "x".repeat(101) }, "name"],
    [{ ...VALID_CLAIM, name: 42 }, "name"],
    [{ name: VALID_CLAIM.name, reason: VALID_CLAIM.reason }, "phone"],
    [{ ...VALID_CLAIM, phone: "12345" }, "phone"],
    [{ ...VALID_CLAIM, phone: "+1 415 555 0100" }, "phone"],
    [{ ...VALID_CLAIM, phone: "98765abcde" }, "phone"],
    [{ name: VALID_CLAIM.name, phone: VALID_CLAIM.phone }, "reason"],
    [{ ...VALID_CLAIM, reason: "x".repeat(1001) }, "reason"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const response = await send(`/api/shop/${approvedId}/claims`, body, { token: other.token });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
  });

  it("refuses visitors, unconfirmed accounts and hidden stalls", async () => {
    expect((await send(`/api/shop/${approvedId}/claims`, VALID_CLAIM)).status).toBe(401);
    expect(
      (await send(`/api/shop/${approvedId}/claims`, VALID_CLAIM, { token: unconfirmed.token })).status,
    ).toBe(403);
    expect(
      (await send(`/api/shop/${othersPendingId}/claims`, VALID_CLAIM, { token: user.token })).status,
    ).toBe(404);
    const claims = await db
      .select({ id: stallClaims.id })
      .from(stallClaims)
      .innerJoin(stalls, eq(stalls.id, stallClaims.stallId))
      .where(eq(stalls.shopUniqueId, othersPendingId));
    expect(claims).toEqual([]);
  });
});

describe("GET /api/shop/my-shops", () => {
  it("answers the caller's own stalls with their status, and nobody else's", async () => {
    const owner = await createSignedInUser(env);
    const live = await createStall(env, {
      name: "Mine live",
      createdBy: owner.id,
      createdAt: Date.now() - 1000,
    });
    const waiting = await createStall(env, { name: "Mine waiting", status: "pending", createdBy: owner.id });
    const response = await api.request(
      "/api/shop/my-shops",
      { headers: { Cookie: `nukkad_session=${owner.token}` } },
      env,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; status: string; status_reason: string | null }[];
    expect(body.map((s) => [s.id, s.status, s.status_reason])).toEqual([
      [waiting.shopUniqueId, "pending", null],
      [live.shopUniqueId, "approved", null],
    ]);
  });

  it("answers an empty list to a new user and 401 to visitors or a bad token", async () => {
    const fresh = await createSignedInUser(env);
    const mine = await api.request(
      "/api/shop/my-shops",
      { headers: { Authorization: `Bearer ${fresh.token}` } },
      env,
    );
    expect(await mine.json()).toEqual([]);
    expect((await api.request("/api/shop/my-shops", {}, env)).status).toBe(401);
    expect(
      (await api.request("/api/shop/my-shops", { headers: { Authorization: "Bearer nonsense" } }, env))
        .status,
    ).toBe(401);
  });

  it("leaves the public stall routes under /api/shop as they were", async () => {
    expect((await api.request("/api/shop?limit=1", {}, env)).status).toBe(200);
    expect((await api.request(`/api/shop/by-unique/${approvedId}`, {}, env)).status).toBe(200);
  });
});

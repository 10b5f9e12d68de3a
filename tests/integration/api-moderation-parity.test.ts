import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages, notifications, outbox, reports, reviews, stallClaims, stalls } from "~/db/schema";
import { createStallReport } from "~/models/report/report.server";
import { call, json } from "../api-call";
import { createSignedInUser, createStall } from "../factories";

// Issue 34, section 5: what the moderation pages do, the JSON API does, through the same models. Each endpoint: a
// moderator succeeds and the effect shows where a client would look; a member is answered 403, a visitor 401; bad
// input 400 naming the field; unknown ids 404; a second decision on the same item answers as the page does.

const db = getDb(env.DB);

type User = Awaited<ReturnType<typeof createSignedInUser>>;

const noticesOf = (userId: string) =>
  db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.userId, userId));

const mailTo = (address: string) =>
  db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, address));

async function stallRowId(shopUniqueId: string): Promise<number> {
  const [row] = await db.select({ id: stalls.id }).from(stalls).where(eq(stalls.shopUniqueId, shopUniqueId));
  return row?.id ?? 0;
}

let moderator: User;
let member: User;

beforeAll(async () => {
  [moderator, member] = await Promise.all([
    createSignedInUser(env, { role: "moderator" }),
    createSignedInUser(env),
  ]);
});

const ROUTES: [method: string, path: string, body?: unknown][] = [
  ["GET", "/moderation/counts"],
  ["GET", "/moderation/stalls"],
  ["POST", "/moderation/stalls/abc/approve"],
  ["POST", "/moderation/stalls/abc/reject", { reason: "Not a stall" }],
  ["GET", "/moderation/stall-reports"],
  ["POST", "/moderation/stall-reports/1/resolve"],
  ["POST", "/moderation/stall-reports/1/remove-stall"],
  ["GET", "/moderation/claims"],
  ["POST", "/moderation/claims/1/approve"],
  ["POST", "/moderation/claims/1/reject"],
  ["GET", "/moderation/aliases"],
  ["POST", "/moderation/aliases", { dish: "pani puri", alias: "gupchup" }],
  ["DELETE", "/moderation/aliases/1"],
  ["GET", "/moderation/reviews"],
  ["POST", "/moderation/reviews/abc/someone/dismiss"],
  ["POST", "/moderation/reviews/abc/someone/remove"],
  ["GET", "/moderation/support"],
  ["POST", "/moderation/support/1/answer", { answer: "Hello" }],
];

describe("who may moderate through the API", () => {
  it.each(ROUTES)("%s %s: a visitor is answered 401, a member 403", async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401);
    const refused = await json<{ error: string }>(await call(method, path, member.token, body), 403);
    expect(refused.error).toBe("Only moderators can do this");
  });

  it("every route is in the API's description", async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await call("GET", "/openapi.json"),
      200,
    );
    for (const path of [
      "/api/moderation/stalls/{id}/reject",
      "/api/moderation/stall-reports/{id}/remove-stall",
      "/api/moderation/claims/{id}/approve",
      "/api/moderation/aliases/{id}",
      "/api/moderation/reviews/{stallId}/{authorId}/dismiss",
      "/api/moderation/support/{id}/answer",
    ])
      expect(Object.keys(document.paths)).toContain(path);
  });
});

describe("pending stalls", () => {
  it("lists them; approving makes the stall public and tells its submitter; a second decision is 409", async () => {
    const submitter = await createSignedInUser(env);
    const stall = await createStall(env, {
      name: "Parity Kulfi Cart",
      status: "pending",
      createdBy: submitter.id,
    });
    const queue = await json<{ items: { id: string }[] }>(
      await call("GET", "/moderation/stalls?q=Parity%20Kulfi", moderator.token),
      200,
    );
    expect(queue.items.map((item) => item.id)).toEqual([stall.shopUniqueId]);
    const counts = await json(await call("GET", "/moderation/counts?q=Parity%20Kulfi", moderator.token), 200);
    expect(counts).toMatchObject({ pending: 1, reports: 0, claims: 0, reviews: 0 });
    expect((await call("GET", `/shop/by-unique/${stall.shopUniqueId}`)).status).toBe(404);

    const approved = await json(
      await call("POST", `/moderation/stalls/${stall.shopUniqueId}/approve`, moderator.token),
      200,
    );
    expect(approved).toEqual({ approved: true, name: "Parity Kulfi Cart" });
    expect((await call("GET", `/shop/by-unique/${stall.shopUniqueId}`)).status).toBe(200);
    expect((await noticesOf(submitter.id)).map((n) => n.title)).toContain(
      'Your stall "Parity Kulfi Cart" is live',
    );
    expect(await mailTo(submitter.email)).toHaveLength(1);

    await json(await call("POST", `/moderation/stalls/${stall.shopUniqueId}/approve`, moderator.token), 409);
    await json(
      await call("POST", `/moderation/stalls/${stall.shopUniqueId}/reject`, moderator.token, {
        reason: "Late",
      }),
      409,
    );
  });

  it("rejecting needs a reason, which the submitter is told; unknown or malformed ids are 404 and 400", async () => {
    const submitter = await createSignedInUser(env);
    const stall = await createStall(env, { status: "pending", createdBy: submitter.id });
    const path = `/moderation/stalls/${stall.shopUniqueId}/reject`;
    expect(await json(await call("POST", path, moderator.token, {}), 400)).toMatchObject({ field: "reason" });
    expect(await json(await call("POST", path, moderator.token, { reason: "  " }), 400)).toMatchObject({
      field: "reason",
    });
    expect(
      await json(await call("POST", path, moderator.token, { reason: "Photos show a house" }), 200),
    ).toEqual({
      rejected: true,
      name: stall.name,
    });
    const [row] = await db
      .select({ status: stalls.status })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    expect(row?.status).toBe("rejected");
    expect((await noticesOf(submitter.id)).map((n) => n.body)).toContain("Reason: Photos show a house");

    await json(await call("POST", "/moderation/stalls/no-such-stall/approve", moderator.token), 404);
    expect(
      await json(await call("POST", "/moderation/stalls/not%20a%20stall!/approve", moderator.token), 400),
    ).toMatchObject({
      field: "id",
    });
  });
});

describe("stall reports", () => {
  it("lists open reports; resolving one closes it (again: 409); unknown 404, malformed 400", async () => {
    const reporter = await createSignedInUser(env);
    const stall = await createStall(env, { name: "Parity Report Dosa" });
    await createStallReport(db, {
      stallId: await stallRowId(stall.shopUniqueId),
      reporterId: reporter.id,
      kind: "wrong_hours",
      details: "Opens at noon",
    });
    const queue = await json<{ items: { id: number; stall: { id: string } }[] }>(
      await call("GET", "/moderation/stall-reports?q=Parity%20Report%20Dosa", moderator.token),
      200,
    );
    const report = queue.items.find((item) => item.stall.id === stall.shopUniqueId);
    expect(report).toBeDefined();
    const path = `/moderation/stall-reports/${report?.id}/resolve`;
    expect(await json(await call("POST", path, moderator.token), 200)).toEqual({
      resolved: true,
      name: "Parity Report Dosa",
    });
    const after = await json<{ items: unknown[] }>(
      await call("GET", "/moderation/stall-reports?q=Parity%20Report%20Dosa", moderator.token),
      200,
    );
    expect(after.items).toEqual([]);
    await json(await call("POST", path, moderator.token), 409);
    await json(await call("POST", "/moderation/stall-reports/999999/resolve", moderator.token), 404);
    expect(
      await json(await call("POST", "/moderation/stall-reports/abc/resolve", moderator.token), 400),
    ).toMatchObject({
      field: "id",
    });
  });

  it("removes a stall reported closed for good, only on such a report", async () => {
    const reporter = await createSignedInUser(env);
    const closed = await createStall(env, { name: "Parity Closed Chai" });
    const moved = await createStall(env, { name: "Parity Moved Chai" });
    await createStallReport(db, {
      stallId: await stallRowId(closed.shopUniqueId),
      reporterId: reporter.id,
      kind: "closed",
      details: "",
    });
    await createStallReport(db, {
      stallId: await stallRowId(moved.shopUniqueId),
      reporterId: reporter.id,
      kind: "moved",
      details: "",
    });
    const { items } = await json<{ items: { id: number; stall: { id: string } }[] }>(
      await call("GET", "/moderation/stall-reports?q=Parity%20", moderator.token),
      200,
    );
    const reportOf = (id: string) => items.find((item) => item.stall.id === id)?.id;

    await json(
      await call(
        "POST",
        `/moderation/stall-reports/${reportOf(moved.shopUniqueId)}/remove-stall`,
        moderator.token,
      ),
      409,
    );
    expect((await call("GET", `/shop/by-unique/${moved.shopUniqueId}`)).status).toBe(200);

    const path = `/moderation/stall-reports/${reportOf(closed.shopUniqueId)}/remove-stall`;
    expect(await json(await call("POST", path, moderator.token), 200)).toEqual({
      removed: true,
      name: "Parity Closed Chai",
    });
    expect((await call("GET", `/shop/by-unique/${closed.shopUniqueId}`)).status).toBe(404);
    await json(await call("POST", path, moderator.token), 404);
  });
});

describe("claims", () => {
  it("lists pending claims; approving verifies the stall and tells the claimant; rejecting tells them too", async () => {
    const [owner, other] = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
    const stall = await createStall(env, { name: "Parity Claimed Momos", isVerified: false });
    const second = await createStall(env, { name: "Parity Unclaimed Momos", isVerified: false });
    const claimOn = async (shopUniqueId: string, userId: string) => {
      const [row] = await db
        .insert(stallClaims)
        .values({
          stallId: await stallRowId(shopUniqueId),
          userId,
          name: "Owner",
          phone: "+91 9876543210",
          reason: "I run it",
        })
        .returning({ id: stallClaims.id });
      return row?.id ?? 0;
    };
    const ownerClaim = await claimOn(stall.shopUniqueId, owner.id);
    const otherClaim = await claimOn(second.shopUniqueId, other.id);
    const queue = await json<{ items: { id: number }[] }>(
      await call("GET", "/moderation/claims?q=Parity%20", moderator.token),
      200,
    );
    expect(queue.items.map((item) => item.id)).toEqual(expect.arrayContaining([ownerClaim, otherClaim]));

    expect(
      await json(await call("POST", `/moderation/claims/${ownerClaim}/approve`, moderator.token), 200),
    ).toEqual({
      approved: true,
      name: "Parity Claimed Momos",
    });
    const detail = await json<{ is_verified: boolean }>(
      await call("GET", `/shop/by-unique/${stall.shopUniqueId}`),
      200,
    );
    expect(detail.is_verified).toBe(true);
    expect((await noticesOf(owner.id)).map((n) => n.title)).toContain(
      'Your claim on "Parity Claimed Momos" was approved',
    );
    await json(await call("POST", `/moderation/claims/${ownerClaim}/reject`, moderator.token), 409);

    expect(
      await json(await call("POST", `/moderation/claims/${otherClaim}/reject`, moderator.token), 200),
    ).toEqual({
      rejected: true,
      name: "Parity Unclaimed Momos",
    });
    expect((await noticesOf(other.id)).map((n) => n.title)).toContain(
      'Your claim on "Parity Unclaimed Momos" was not approved',
    );
    await json(await call("POST", "/moderation/claims/999999/approve", moderator.token), 404);
    expect(
      await json(await call("POST", "/moderation/claims/0/approve", moderator.token), 400),
    ).toMatchObject({
      field: "id",
    });
  });
});

describe("dish aliases", () => {
  it("lists, adds (again: 409 naming alias) and removes (again: 404) an alias", async () => {
    const added = await json<{ id: number; dish: string; alias: string }>(
      await call("POST", "/moderation/aliases", moderator.token, {
        dish: "pani puri",
        alias: "paritypuchka",
      }),
      201,
    );
    expect(added).toMatchObject({ dish: "pani puri", alias: "paritypuchka" });
    const listed = await json<{ aliases: { id: number }[] }>(
      await call("GET", "/moderation/aliases", moderator.token),
      200,
    );
    expect(listed.aliases).toContainEqual(added);

    expect(
      await json(
        await call("POST", "/moderation/aliases", moderator.token, {
          dish: "pani puri",
          alias: "paritypuchka",
        }),
        409,
      ),
    ).toMatchObject({ field: "alias" });
    expect(
      await json(await call("POST", "/moderation/aliases", moderator.token, { alias: "gupchup" }), 400),
    ).toMatchObject({
      field: "dish",
    });

    expect(await json(await call("DELETE", `/moderation/aliases/${added.id}`, moderator.token), 200)).toEqual(
      {
        removed: true,
      },
    );
    const after = await json<{ aliases: { id: number }[] }>(
      await call("GET", "/moderation/aliases", moderator.token),
      200,
    );
    expect(after.aliases.map((alias) => alias.id)).not.toContain(added.id);
    await json(await call("DELETE", `/moderation/aliases/${added.id}`, moderator.token), 404);
    expect(await json(await call("DELETE", "/moderation/aliases/abc", moderator.token), 400)).toMatchObject({
      field: "id",
    });
  });
});

describe("reported reviews", () => {
  async function reportedReview(stallName: string) {
    const [author, reporter] = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
    const stall = await createStall(env, { name: stallName });
    const [review] = await db
      .insert(reviews)
      .values({
        stallId: await stallRowId(stall.shopUniqueId),
        userId: author.id,
        rating: 1,
        body: "Rude and cold",
      })
      .returning({ id: reviews.id });
    await db.insert(reports).values({
      subjectType: "review",
      subjectId: String(review?.id ?? 0),
      reporterId: reporter.id,
      reason: "other",
      details: "Spam",
    });
    return { stall, author, reviewId: review?.id ?? 0 };
  }

  it("lists reported reviews; dismiss keeps the review and closes its reports, and answers the same again", async () => {
    const { stall, author, reviewId } = await reportedReview("Parity Review Kept");
    const queue = await json<{ items: { stallId: string; stallName: string }[] }>(
      await call("GET", "/moderation/reviews?q=Parity%20Review%20Kept", moderator.token),
      200,
    );
    expect(queue.items.map((item) => item.stallName)).toEqual(["Parity Review Kept"]);

    const path = `/moderation/reviews/${stall.shopUniqueId}/${author.id}/dismiss`;
    expect(await json(await call("POST", path, moderator.token), 200)).toEqual({ dismissed: true });
    const open = await db
      .select({ resolvedBy: reports.decidedBy })
      .from(reports)
      .where(and(eq(reports.subjectType, "review"), eq(reports.subjectId, String(reviewId))));
    expect(open).toEqual([{ resolvedBy: moderator.id }]);
    expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toHaveLength(1);
    // The page's Dismiss, clicked twice, says "Reports dismissed" twice: nothing is left to close.
    expect(await json(await call("POST", path, moderator.token), 200)).toEqual({ dismissed: true });
  });

  it("remove deletes the review from the stall's reviews (again: 404); malformed ids 400", async () => {
    const { stall, author } = await reportedReview("Parity Review Removed");
    const path = `/moderation/reviews/${stall.shopUniqueId}/${author.id}/remove`;
    expect(JSON.stringify(await json(await call("GET", `/reviews/${stall.shopUniqueId}`), 200))).toContain(
      "Rude and cold",
    );
    expect(await json(await call("POST", path, moderator.token), 200)).toEqual({ removed: true });
    const listed = await json(await call("GET", `/reviews/${stall.shopUniqueId}`), 200);
    expect(JSON.stringify(listed)).not.toContain("Rude and cold");
    await json(await call("POST", path, moderator.token), 404);
    await json(
      await call("POST", `/moderation/reviews/${stall.shopUniqueId}/nobody/dismiss`, moderator.token),
      404,
    );
    expect(
      await json(
        await call("POST", `/moderation/reviews/bad%20id!/${author.id}/remove`, moderator.token),
        400,
      ),
    ).toMatchObject({
      field: "stallId",
    });
  });
});

describe("the support inbox", () => {
  it("lists open messages with the counts; answering e-mails the sender and moves it to answered (again: 409)", async () => {
    const email = `parity-${crypto.randomUUID()}@example.com`;
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Parity Sender", email, topic: "question", message: "Do you list night stalls?" })
      .returning({ id: contactMessages.id });
    const id = message?.id ?? 0;
    const open = await json<{ counts: { open: number; answered: number }; items: { id: number }[] }>(
      await call("GET", "/moderation/support", moderator.token),
      200,
    );
    expect(open.counts.open).toBeGreaterThanOrEqual(1);
    expect(open.items.map((item) => item.id)).toContain(id);

    const path = `/moderation/support/${id}/answer`;
    expect(await json(await call("POST", path, moderator.token, { answer: " " }), 400)).toMatchObject({
      field: "answer",
    });
    expect(
      await json(await call("POST", path, moderator.token, { answer: "Yes, filter by Open now." }), 200),
    ).toEqual({
      answered: true,
      email,
      mailed: true,
    });
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("Yes, filter by Open now.");

    const answered = await json<{ items: { id: number; answer: string }[] }>(
      await call("GET", "/moderation/support?status=answered", moderator.token),
      200,
    );
    expect(answered.items.find((item) => item.id === id)?.answer).toBe("Yes, filter by Open now.");
    await json(await call("POST", path, moderator.token, { answer: "Again" }), 409);
    expect(await mailTo(email)).toHaveLength(1);
    await json(
      await call("POST", "/moderation/support/999999/answer", moderator.token, { answer: "Hi" }),
      404,
    );
    expect(
      await json(await call("GET", "/moderation/support?status=spam", moderator.token), 400),
    ).toMatchObject({
      field: "status",
    });
    const [row] = await db
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(and(eq(contactMessages.id, id), eq(contactMessages.email, email)));
    expect(row?.status).toBe("answered");
  });
});

import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { notifications, profiles, reels, reports } from "~/db/schema";
import { encodeQueueCursor } from "~/lib/schemas/moderation-fields";
import { mediaObjectKey } from "~/models/media.server";
import type { QueuePage } from "~/models/queue.server";
import { decideReel, PENDING_REEL_PAGE_SIZE, type PendingReel } from "~/models/reel/reel.server";
import { countModerationQueues, type ReportedReel } from "~/models/report/report.server";
import worker from "../../workers/app";
import { call, json } from "../api-call";
import { createSignedInUser, createStall, insertReel } from "../factories";

// Reels in the moderation queue against real D1, KV and R2: the pending queue (order, cursors, search, what each
// item shows), approving (public from then on, the author told), rejecting (row and R2 objects gone, the author told
// why), reports of approved reels (Remove and Keep), who may do any of it, and bad input answered 400 naming the field.

const db = getDb(env.DB);

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Stall = Awaited<ReturnType<typeof createStall>>;

const pendingQueue = async (token: string, query = "") =>
  json<QueuePage<PendingReel>>(await call("GET", `/moderation/reels${query}`, token), 200);
const reportQueue = async (token: string, query = "") =>
  json<QueuePage<ReportedReel>>(await call("GET", `/moderation/reel-reports${query}`, token), 200);

const reelRow = async (publicId: string) =>
  (
    await db
      .select({
        status: reels.status,
        reviewedAt: reels.reviewedAt,
        reviewedBy: reels.reviewedBy,
        hotScore: reels.hotScore,
      })
      .from(reels)
      .where(eq(reels.publicId, publicId))
  )[0];

const noticesOf = (userId: string) =>
  db
    .select({
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      subject: notifications.subject,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

/** Which of these media keys R2 still holds, from a listing of the media prefix. */
async function storedKeys(keys: string[]): Promise<string[]> {
  const listed = await env.PHOTOS.list({ prefix: mediaObjectKey("") });
  const names = new Set(listed.objects.map((object) => object.key));
  return keys.filter((key) => names.has(mediaObjectKey(key)));
}

const ofReel = (reelRowId: number) => ({ subjectType: "reel" as const, subjectId: String(reelRowId) });
const reportsOfReel = (reelRowId: number) =>
  and(eq(reports.subjectType, "reel"), eq(reports.subjectId, String(reelRowId)));

async function report(reelRowId: number, reporter: User, reason: string, createdAt: number) {
  const [row] = await db
    .insert(reports)
    .values({ ...ofReel(reelRowId), reporterId: reporter.id, reason: "other", details: reason, createdAt })
    .returning({ id: reports.id });
  return row?.id ?? 0;
}

let author: User;
let hindiAuthor: User;
let stranger: User;
let reporter: User;
let secondReporter: User;
let moderator: User;
let stall: Stall;

beforeAll(async () => {
  [author, hindiAuthor, stranger, reporter, secondReporter, moderator] = await Promise.all([
    createSignedInUser(env, { fullName: "Asha Rao" }),
    createSignedInUser(env, { fullName: "Ravi Kumar" }),
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env, { role: "moderator" }),
  ]);
  await db.update(profiles).set({ language: "hi" }).where(eq(profiles.userId, hindiAuthor.id));
  stall = await createStall(env, { name: "Raju's Chaat Corner", location: "Chandni Chowk, Delhi" });
});

describe("the pending reels queue", () => {
  it("lists pending reels oldest first with the video, caption, stall, author, length and size, a page at a time", async () => {
    const queueStall = await createStall(env, { name: "Queue Walk Momos", location: "Lajpat Nagar, Delhi" });
    const start = Date.now() - 3_600_000;
    const created = [];
    for (let i = 0; i < PENDING_REEL_PAGE_SIZE + 2; i++) {
      created.push(
        await insertReel(env, author.id, {
          stallId: queueStall.shopUniqueId,
          status: "pending",
          caption: `Steaming momos #${i}`,
          durationMs: 12_340 + i,
          createdAt: start + i * 1000,
        }),
      );
    }
    // An approved reel of the same stall is not waiting.
    await insertReel(env, author.id, { stallId: queueStall.shopUniqueId, status: "approved" });

    const first = await pendingQueue(moderator.token, "?q=queue+walk");
    expect(first.items.map((item) => item.id)).toEqual(
      created.slice(0, PENDING_REEL_PAGE_SIZE).map((reel) => reel.id),
    );
    expect(first.previous).toBeNull();
    const [oldest] = created;
    expect(first.items[0]).toEqual({
      id: oldest?.id,
      video_url: `/media/${oldest?.videoKey}`,
      poster_url: `/media/${oldest?.posterKey}`,
      video_type: "video/mp4",
      caption: "Steaming momos #0",
      duration_ms: 12_340,
      video_bytes: 1000,
      width: 720,
      height: 1280,
      stall: { id: queueStall.shopUniqueId, name: "Queue Walk Momos", location: "Lajpat Nagar, Delhi" },
      author: { name: "Asha Rao", email: author.email },
      created_at: start,
    });

    const second = await pendingQueue(
      moderator.token,
      `?q=queue+walk&cursor=${encodeURIComponent(first.next ?? "")}`,
    );
    expect(second.items.map((item) => item.id)).toEqual(
      created.slice(PENDING_REEL_PAGE_SIZE).map((reel) => reel.id),
    );
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();

    const newest = await pendingQueue(moderator.token, "?q=queue+walk&sort=newest");
    expect(newest.items[0]?.id).toBe(created.at(-1)?.id);
    // The caption is searched too; the count follows the same search.
    expect((await pendingQueue(moderator.token, "?q=momos+%2311")).items.map((item) => item.id)).toEqual([
      created.at(-1)?.id,
    ]);
    expect((await countModerationQueues(db, "queue walk")).reels).toBe(created.length);
    expect((await countModerationQueues(db, "no such reel anywhere")).reels).toBe(0);
  });
});

describe("approving a reel", () => {
  it("makes it public with a first hot score and tells its author, once", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status: "pending" });
    await json(await call("GET", `/reels/${reel.id}`, stranger.token), 404);
    await json(await call("GET", `/reels/${reel.id}`), 404);

    expect(
      await json(await call("POST", `/moderation/reels/${reel.id}/approve`, moderator.token), 200),
    ).toEqual({ approved: true });
    await json(await call("GET", `/reels/${reel.id}`, stranger.token), 200);
    await json(await call("GET", `/reels/${reel.id}`), 200);
    const row = await reelRow(reel.id);
    expect(row).toMatchObject({ status: "approved", reviewedBy: moderator.id });
    expect(row?.reviewedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(row?.hotScore).toBeGreaterThan(0);
    expect((await pendingQueue(moderator.token)).items.map((item) => item.id)).not.toContain(reel.id);

    const told = (await noticesOf(author.id)).filter((notice) => notice.subject === `reel:${reel.id}`);
    expect(told).toEqual([
      {
        type: "stall_update",
        title: `Your reel of "Raju's Chaat Corner" is live`,
        body: "A moderator approved it: everyone can watch it in Reels now.",
        link: `/reels/${reel.id}`,
        subject: `reel:${reel.id}`,
      },
    ]);
    // The bell's count in KV was refreshed with the notice.
    const unread = (await noticesOf(author.id)).length;
    expect(await env.KV.get(`notifications:unread:${author.id}`)).toBe(String(unread));

    // A second decision is refused, and tells nobody again.
    const again = await json<{ error: string }>(
      await call("POST", `/moderation/reels/${reel.id}/approve`, moderator.token),
      409,
    );
    expect(again.error).toMatch(/already decided/);
    await json(
      await call("POST", `/moderation/reels/${reel.id}/reject`, moderator.token, { reason: "Too late" }),
      409,
    );
    expect(
      (await noticesOf(author.id)).filter((notice) => notice.subject === `reel:${reel.id}`),
    ).toHaveLength(1);
    expect((await reelRow(reel.id))?.status).toBe("approved");
  });

  it("lets two moderators race: exactly one decision wins and the author hears once", async () => {
    const reel = await insertReel(env, author.id, {
      stallId: stall.shopUniqueId,
      status: "pending",
      withMedia: true,
    });
    const ctx = { db, photos: env.PHOTOS, kv: env.KV };
    const results = await Promise.allSettled([
      decideReel(ctx, reel.id, { approve: true, moderatorId: moderator.id }),
      decideReel(ctx, reel.id, { approve: false, reason: "Blurry", moderatorId: moderator.id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      (await noticesOf(author.id)).filter((notice) => notice.subject === `reel:${reel.id}`),
    ).toHaveLength(1);
    const row = await reelRow(reel.id);
    // Approved and kept, or rejected and gone with its bytes: never half of each.
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toHaveLength(row ? 2 : 0);
  });
});

describe("rejecting a reel", () => {
  it("deletes the row and both R2 objects, and tells the author why in their language", async () => {
    const reel = await insertReel(env, hindiAuthor.id, {
      stallId: stall.shopUniqueId,
      status: "pending",
      withMedia: true,
    });
    // Another reel's bytes stay where they are.
    const bystander = await insertReel(env, author.id, {
      stallId: stall.shopUniqueId,
      status: "pending",
      withMedia: true,
    });
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toHaveLength(2);

    expect(
      await json(
        await call("POST", `/moderation/reels/${reel.id}/reject`, moderator.token, {
          reason: "  The video shows a different stall  ",
        }),
        200,
      ),
    ).toEqual({ rejected: true });
    expect(await reelRow(reel.id)).toBeUndefined();
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toEqual([]);
    expect(await storedKeys([bystander.videoKey, bystander.posterKey])).toHaveLength(2);
    expect((await env.PHOTOS.head(mediaObjectKey(reel.videoKey))) === null).toBe(true);

    expect(await noticesOf(hindiAuthor.id)).toEqual([
      {
        type: "stall_update",
        title: `आपकी "Raju's Chaat Corner" की रील मंज़ूर नहीं हुई`,
        body: "वजह: The video shows a different stall",
        link: `/reels/new?stall=${stall.shopUniqueId}`,
        subject: `reel:${reel.id}`,
      },
    ]);
    expect(await env.KV.get(`notifications:unread:${hindiAuthor.id}`)).toBe("1");

    // Gone is gone: a second rejection, or an approval, finds no reel.
    await json(
      await call("POST", `/moderation/reels/${reel.id}/reject`, moderator.token, { reason: "Again" }),
      404,
    );
    await json(await call("POST", `/moderation/reels/${reel.id}/approve`, moderator.token), 404);
    await json(await call("GET", `/reels/${reel.id}`, hindiAuthor.token), 404);
  });

  it("needs a reason of at most 500 characters, as a string, and changes nothing without one", async () => {
    const reel = await insertReel(env, author.id, {
      stallId: stall.shopUniqueId,
      status: "pending",
      withMedia: true,
    });
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 42 }, { reason: "x".repeat(501) }]) {
      const answer = await json<{ error: string; field?: string }>(
        await call("POST", `/moderation/reels/${reel.id}/reject`, moderator.token, body),
        400,
      );
      expect(answer.field ?? answer.error, JSON.stringify(body)).toContain("reason");
    }
    expect((await reelRow(reel.id))?.status).toBe("pending");
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toHaveLength(2);
  });
});

describe("who may moderate reels, and bad input", () => {
  it("answers visitors 401 and everyone else but moderators 403, changing nothing", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status: "pending" });
    const approved = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
    const reportId = await report(approved.rowId, reporter, "Spam", Date.now());
    const attempts: [string, string, unknown?][] = [
      ["GET", "/moderation/reels"],
      ["GET", "/moderation/reel-reports"],
      ["POST", `/moderation/reels/${reel.id}/approve`],
      ["POST", `/moderation/reels/${reel.id}/reject`, { reason: "No" }],
      ["POST", `/moderation/reels/${approved.id}/remove`, { reason: "No" }],
      ["POST", `/moderation/reel-reports/${reportId}/keep`],
    ];
    for (const [method, path, body] of attempts) {
      await json(await call(method, path, undefined, body), 401);
      // The reel's own author is no moderator either.
      for (const user of [stranger, author]) {
        const refused = await json<{ error: string }>(await call(method, path, user.token, body), 403);
        expect(refused.error).toBe("Only moderators can do this");
      }
    }
    expect((await reelRow(reel.id))?.status).toBe("pending");
    expect((await reelRow(approved.id))?.status).toBe("approved");
    expect((await db.select().from(reports).where(eq(reports.id, reportId)))[0]?.decidedAt).toBeNull();
  });

  it("answers unknown reels 404 and malformed ids, queries and reports 400 naming the field", async () => {
    await json(await call("POST", "/moderation/reels/AAAAAAAAAAAA/approve", moderator.token), 404);
    await json(
      await call("POST", "/moderation/reels/AAAAAAAAAAAA/reject", moderator.token, { reason: "No" }),
      404,
    );
    await json(
      await call("POST", "/moderation/reels/AAAAAAAAAAAA/remove", moderator.token, { reason: "No" }),
      404,
    );
    for (const path of ["/moderation/reels/short/approve", "/moderation/reels/not-a-reel-id/approve"]) {
      const answer = await json<{ error: string; field?: string }>(
        await call("POST", path, moderator.token),
        400,
      );
      expect(answer.field ?? answer.error).toContain("id");
    }
    for (const path of ["/moderation/reel-reports/abc/keep", "/moderation/reel-reports/-1/keep"]) {
      const answer = await json<{ error: string; field?: string }>(
        await call("POST", path, moderator.token),
        400,
      );
      expect(answer.field ?? answer.error).toContain("id");
    }
    await json(await call("POST", "/moderation/reel-reports/999999/keep", moderator.token), 409);
    for (const [query, field] of [
      ["?sort=sideways", "sort"],
      ["?cursor=zzz", "cursor"],
      [`?q=${"x".repeat(101)}`, "q"],
    ] as const) {
      for (const list of ["/moderation/reels", "/moderation/reel-reports"]) {
        const answer = await json<{ error: string; field?: string }>(
          await call("GET", `${list}${query}`, moderator.token),
          400,
        );
        expect(answer.field ?? answer.error, `${list}${query}`).toContain(field);
      }
    }
    // A cursor past everything starts over at the first page rather than answering an empty one.
    const past = encodeQueueCursor({ direction: "after", at: Date.now() + 86_400_000, id: 1 });
    await json(
      await call("GET", `/moderation/reels?cursor=${encodeURIComponent(past)}`, moderator.token),
      200,
    );
  });
});

describe("reported reels", () => {
  it("lists approved reels with open reports and their reasons, and not pending or settled ones", async () => {
    const reportStall = await createStall(env, {
      name: "Reported Rolls Point",
      location: "Park Street, Kolkata",
    });
    const now = Date.now();
    const reported = await insertReel(env, author.id, {
      stallId: reportStall.shopUniqueId,
      caption: "Kathi roll",
    });
    const firstReport = await report(reported.rowId, reporter, "Not food at all", now - 2000);
    await report(reported.rowId, secondReporter, "Misleading", now - 1000);
    const later = await insertReel(env, author.id, { stallId: reportStall.shopUniqueId });
    const laterReport = await report(later.rowId, reporter, "Spam", now);
    // Settled reports and reports of reels not public are not in the queue.
    const settled = await insertReel(env, author.id, { stallId: reportStall.shopUniqueId });
    await db.insert(reports).values({
      ...ofReel(settled.rowId),
      reporterId: reporter.id,
      reason: "other",
      details: "Old",
      decidedAt: now,
      decidedBy: moderator.id,
      decision: "keep",
    });
    const pending = await insertReel(env, author.id, {
      stallId: reportStall.shopUniqueId,
      status: "pending",
    });
    await report(pending.rowId, reporter, "Odd", now);

    const page = await reportQueue(moderator.token, "?q=reported+rolls");
    expect(page.items.map((item) => item.id)).toEqual([firstReport, laterReport]);
    expect(page.items[0]).toMatchObject({
      id: firstReport,
      reel: {
        id: reported.id,
        caption: "Kathi roll",
        video_url: `/media/${reported.videoKey}`,
        poster_url: `/media/${reported.posterKey}`,
        stall: {
          id: reportStall.shopUniqueId,
          name: "Reported Rolls Point",
          location: "Park Street, Kolkata",
        },
      },
      author: { name: "Asha Rao" },
      reports: [
        { reason: "Not food at all", created_at: now - 2000 },
        { reason: "Misleading", created_at: now - 1000 },
      ],
      created_at: now - 2000,
    });
    expect((await reportQueue(moderator.token, "?q=reported+rolls&sort=newest")).items[0]?.id).toBe(
      laterReport,
    );
    expect((await countModerationQueues(db, "reported rolls")).reel_reports).toBe(2);
  });

  it("Keep closes every open report of the reel and leaves it public; a second Keep is 409", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    const reportId = await report(reel.rowId, reporter, "Boring", Date.now());
    await report(reel.rowId, secondReporter, "Too loud", Date.now());
    expect(
      await json(await call("POST", `/moderation/reel-reports/${reportId}/keep`, moderator.token), 200),
    ).toEqual({ kept: true });
    const rows = await db
      .select({ resolvedAt: reports.decidedAt, resolvedBy: reports.decidedBy })
      .from(reports)
      .where(reportsOfReel(reel.rowId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.resolvedAt !== null && row.resolvedBy === moderator.id)).toBe(true);
    expect((await reportQueue(moderator.token)).items.map((item) => item.reel.id)).not.toContain(reel.id);
    await json(await call("GET", `/reels/${reel.id}`, stranger.token), 200);
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toHaveLength(2);
    const again = await json<{ error: string }>(
      await call("POST", `/moderation/reel-reports/${reportId}/keep`, moderator.token),
      409,
    );
    expect(again.error).toMatch(/already decided/);
  });

  it("Remove deletes the reel and its R2 objects, closes its reports as removed, and tells the author why", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    await report(reel.rowId, reporter, "Offensive", Date.now());
    await json(await call("POST", `/moderation/reels/${reel.id}/remove`, moderator.token, {}), 400);
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toHaveLength(2);

    expect(
      await json(
        await call("POST", `/moderation/reels/${reel.id}/remove`, moderator.token, {
          reason: "Offensive language",
        }),
        200,
      ),
    ).toEqual({ removed: true });
    expect(await reelRow(reel.id)).toBeUndefined();
    // The reports stay, decided (ADR 045): none is left open.
    expect(
      await db
        .select({ decision: reports.decision, decidedBy: reports.decidedBy })
        .from(reports)
        .where(reportsOfReel(reel.rowId)),
    ).toEqual([{ decision: "remove", decidedBy: moderator.id }]);
    expect(await storedKeys([reel.videoKey, reel.posterKey])).toEqual([]);
    await json(await call("GET", `/reels/${reel.id}`, stranger.token), 404);
    expect((await noticesOf(author.id)).filter((notice) => notice.subject === `reel:${reel.id}`)).toEqual([
      {
        type: "stall_update",
        title: `Your reel of "Raju's Chaat Corner" was removed`,
        body: "Reason: Offensive language",
        link: "/reels",
        subject: `reel:${reel.id}`,
      },
    ]);
    await json(
      await call("POST", `/moderation/reels/${reel.id}/remove`, moderator.token, { reason: "Again" }),
      404,
    );
    // Remove is for public reels: a pending one is decided in its own queue.
    const pending = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status: "pending" });
    await json(
      await call("POST", `/moderation/reels/${pending.id}/remove`, moderator.token, { reason: "No" }),
      404,
    );
    expect((await reelRow(pending.id))?.status).toBe("pending");
  });
});

// The Reels tabs of /moderation through the whole Worker (needs `npm run build`).
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function page(path: string, token?: string, form?: Record<string, string>) {
  const executionContext = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, {
      redirect: "manual",
      method: form ? "POST" : "GET",
      headers: {
        ...(token ? { Cookie: `nukkad_session=${token}` } : {}),
        ...(form ? { Origin: "http://127.0.0.1", Host: "127.0.0.1" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    }),
    { ...env, ASSETS: assets },
    executionContext,
  );
  await waitOnExecutionContext(executionContext);
  return response;
}

describe("the Reels tabs of /moderation", () => {
  it("shows a pending reel playable with its poster, and approves and rejects from the page", async () => {
    const pageStall = await createStall(env, { name: "Page Tab Pav Bhaji", location: "Juhu, Mumbai" });
    const reel = await insertReel(env, author.id, {
      stallId: pageStall.shopUniqueId,
      status: "pending",
      caption: "Butter <b>pav</b>",
    });
    const other = await insertReel(env, author.id, { stallId: pageStall.shopUniqueId, status: "pending" });

    expect((await page("/moderation?tab=reels", stranger.token)).status).toBe(404);
    const response = await page("/moderation?tab=reels&q=page+tab", moderator.token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Pending reels<span[^>]*>2<\/span>/);
    expect(html).toMatch(/Reported reels<span[^>]*>\d+<\/span>/);
    expect(html).toMatch(
      new RegExp(`<video[^>]*controls=""[^>]*preload="metadata"[^>]*poster="/media/${reel.posterKey}"`),
    );
    expect(html).toContain(`<source src="/media/${reel.videoKey}" type="video/mp4"/>`);
    expect(html).toContain("Butter &lt;b&gt;pav&lt;/b&gt;");
    expect(html).toContain("Juhu, Mumbai");
    expect(html).toContain("12.3 seconds, 0 MB");

    expect(
      (await page("/moderation?index", moderator.token, { intent: "reject-reel", reel: other.id })).status,
    ).toBe(400);
    const approved = await page("/moderation?index", moderator.token, {
      intent: "approve-reel",
      reel: reel.id,
    });
    expect(approved.status).toBe(200);
    expect((await reelRow(reel.id))?.status).toBe("approved");
    const rejected = await page("/moderation?index", moderator.token, {
      intent: "reject-reel",
      reel: other.id,
      reason: "Not this stall",
    });
    expect(rejected.status).toBe(200);
    expect(await reelRow(other.id)).toBeUndefined();

    // Reported, it shows on the other tab with its report, and Keep closes it there.
    const reportId = await report(
      (await insertReel(env, author.id, { stallId: pageStall.shopUniqueId })).rowId,
      reporter,
      "Blurry video",
      Date.now(),
    );
    const reportsHtml = await (await page("/moderation?tab=reel_reports&q=page+tab", moderator.token)).text();
    expect(reportsHtml).toMatch(/Reported reels<span[^>]*>1<\/span>/);
    expect(reportsHtml).toContain("Blurry video");
    expect(reportsHtml).toContain("Reason for removal (shown to the author)");
    const kept = await page("/moderation?index", moderator.token, {
      intent: "decide-report",
      report: String(reportId),
      decision: "keep",
    });
    expect(kept.status).toBe(200);
    expect((await countModerationQueues(db, "page tab")).reel_reports).toBe(0);
  });
});

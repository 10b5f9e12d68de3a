import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { notifications, outbox, photos, reports, reviews, stallClaims, stalls } from "~/db/schema";
import { readConfig } from "~/lib/http/config.server";
import { photoUrl } from "~/lib/http/photo-url";
import { queueQuerySchema } from "~/lib/schemas/moderation";
import type { QueueCursor, QueueSort } from "~/lib/schemas/moderation-fields";
import { CLAIM_PAGE_SIZE, decideClaim, listPendingClaims } from "~/models/claim.server";
import { mediaObjectKey } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import {
  ALREADY_DECIDED,
  decideStall,
  listPendingStalls,
  type ModerationContext,
  PENDING_PAGE_SIZE,
} from "~/models/moderation.server";
import type { QueuePage } from "~/models/queue.server";
import {
  countModerationQueues,
  createStallReport,
  listOpenReports,
  listReportedReviews,
  type OpenStallReport as OpenReport,
  REPORTED_PAGE_SIZE as REPORT_PAGE_SIZE,
  REPORTED_PAGE_SIZE as REPORTED_REVIEW_PAGE_SIZE,
  removeReportedStall,
  resolveReport,
} from "~/models/report/report.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall, createUser, insertReel } from "../factories";
import { sendToWorker } from "../worker-fetch";

const db = getDb(env.DB);
// Who decides: kept by id only, so no account is needed.
const MODERATOR_ID = "moderator-of-these-tests";
const ctx: ModerationContext = {
  db,
  config: readConfig(env),
  origin: "https://nukkad.test",
  photos: env.PHOTOS,
  kv: env.KV,
};

async function stallRow(shopUniqueId: string) {
  const [row] = await db
    .select({
      id: stalls.id,
      status: stalls.status,
      statusReason: stalls.statusReason,
      images: stalls.images,
      isVerified: stalls.isVerified,
      ownerId: stalls.ownerId,
    })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId));
  return row;
}

const notificationsOf = (userId: string) =>
  db
    .select({
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

const mailTo = (address: string) =>
  db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, address));

async function storePhoto(key: string, stallId: number | null) {
  await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
  await db.insert(photos).values({ key, stallId, contentType: "image/jpeg", size: 3 });
}

/** Every page of a queue from the first, following `next`: the ids in order and each page's size. */
async function walk<T>(
  read: (cursor: QueueCursor | undefined) => Promise<QueuePage<T>>,
  idOf: (item: T) => string | number,
) {
  const ids: (string | number)[] = [];
  const sizes: number[] = [];
  let cursor: QueueCursor | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await read(cursor);
    ids.push(...page.items.map(idOf));
    sizes.push(page.items.length);
    if (!page.next) return { ids, sizes };
    cursor = queueQuerySchema.parse({ cursor: page.next }).cursor;
  }
  throw new Error("the queue never ended");
}

describe("the pending queue", () => {
  it("lists pending stalls with their submitter and look-alikes, a page at a time by cursor", async () => {
    const submitter = await createUser(env, { fullName: "Queue Submitter" });
    const base = Date.now() - 60 * 60 * 1000;
    const at = { latitude: 13.1, longitude: 77.7 };
    await createStall(env, { ...at, name: "Sharma Chaat Corner", status: "approved" });
    const created: string[] = [];
    for (let i = 0; i < PENDING_PAGE_SIZE * 2 + 3; i++) {
      const stall = await createStall(env, {
        ...(i === 0 ? { ...at, name: "Sharma Chaat Center" } : { name: `Queue stall ${i}` }),
        location: "Paging Lane, Whitefield",
        status: "pending",
        createdBy: submitter.id,
        // Two share a moment: the id keeps their order.
        createdAt: base + Math.min(i, 21) * 1000,
      });
      created.push(stall.shopUniqueId);
    }
    const byArea = (sort: QueueSort) => (cursor: QueueCursor | undefined) =>
      listPendingStalls(db, { q: "paging lane", sort, cursor });
    const oldest = await walk(byArea("oldest"), (item) => item.id);
    expect(oldest.ids).toEqual(created);
    expect(oldest.sizes).toEqual([PENDING_PAGE_SIZE, PENDING_PAGE_SIZE, 3]);
    expect((await walk(byArea("newest"), (item) => item.id)).ids).toEqual([...created].reverse());

    const first = await listPendingStalls(db, { q: "Paging Lane", sort: "oldest" });
    expect(first.previous).toBeNull();
    const [head] = first.items;
    expect(head?.submitter).toEqual({ name: "Queue Submitter", email: submitter.email });
    expect(head?.look_alikes.map((s) => s.name)).toEqual(["Sharma Chaat Corner"]);
    expect(head?.hours?.find((d) => d.day === "sunday")?.hours).toBe("Closed");

    // Back from the second page to the first.
    const second = await byArea("oldest")(queueQuerySchema.parse({ cursor: first.next }).cursor);
    const back = await byArea("oldest")(queueQuerySchema.parse({ cursor: second.previous }).cursor);
    expect(back.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    expect(back.previous).toBeNull();

    // By the stall's name, and the count agrees.
    const named = await listPendingStalls(db, { q: "sharma chaat cent", sort: "oldest" });
    expect(named.items.map((i) => i.id)).toEqual([created[0]]);
    expect((await countModerationQueues(db, "Paging Lane")).pending).toBe(created.length);
    expect((await countModerationQueues(db, "sharma chaat cent")).pending).toBe(1);
    // Wildcards are searched as text.
    expect((await countModerationQueues(db, "%")).pending).toBe(0);
    expect((await countModerationQueues(db, "_")).pending).toBe(0);
    // A search as long as the box allows (100 characters, or Devanagari at three bytes a letter) is answered.
    expect((await countModerationQueues(db, `Paging Lane ${"x".repeat(88)}`)).pending).toBe(0);
    expect((await countModerationQueues(db, "गोलगप्पे ".repeat(11).trim())).pending).toBe(0);
  });
});

describe("the reports queue", () => {
  it("reaches a newly filed report among 60 older ones, newest first or by paging, with no gap when one is decided", async () => {
    const reporter = await createUser(env, { fullName: "Busy Reporter" });
    const moderator = await createUser(env, { role: "moderator" });
    const stall = await createStall(env, { name: "Sixty Reports Sandwich", location: "Jayanagar 4th Block" });
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    const old = Date.now() - 24 * 60 * 60 * 1000;
    const older: { id: number }[] = [];
    for (let i = 0; i < 60; i++) {
      // One open report per person and stall: each older one is someone else's.
      const [row] = await db
        .insert(reports)
        .values({
          subjectType: "stall",
          subjectId: String(stallId),
          reporterId: (await createUser(env)).id,
          reason: "wrong_hours",
          details: `Old report ${i}`,
          createdAt: old + i * 1000,
        })
        .returning({ id: reports.id });
      if (row) older.push(row);
    }
    await createStallReport(db, {
      stallId,
      reporterId: reporter.id,
      kind: "moved",
      details: "Filed just now",
    });

    const ours = (page: QueuePage<OpenReport>) => page.items.filter((r) => r.stall.id === stall.shopUniqueId);
    const newest = await listOpenReports(db, { q: "", sort: "newest" });
    expect(newest.items[0]?.details).toBe("Filed just now");

    const counts = await countModerationQueues(db, "");
    const all = await walk(
      (cursor) => listOpenReports(db, { q: "", sort: "oldest", cursor }),
      (r) => r.id,
    );
    expect(all.ids).toHaveLength(counts.reports);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect(all.sizes.slice(0, -1).every((n) => n === REPORT_PAGE_SIZE)).toBe(true);
    expect(all.ids.at(-1)).toBe(newest.items[0]?.id);

    // By the stall's name and by its area: the same 61, in order, and the tab's count agrees.
    for (const q of ["sixty reports", "JAYANAGAR 4th"]) {
      const found = await walk(
        (cursor) => listOpenReports(db, { q, sort: "oldest", cursor }),
        (r) => r.id,
      );
      expect(found.ids).toEqual([...older.map((r) => r.id), newest.items[0]?.id]);
      expect((await countModerationQueues(db, q)).reports).toBe(61);
    }
    expect((await countModerationQueues(db, "no such stall anywhere")).reports).toBe(0);

    // A moderator resolves the first page meanwhile; the next page starts right after it.
    const first = await listOpenReports(db, { q: "Sixty Reports", sort: "oldest" });
    for (const report of ours(first)) await resolveReport(db, env.KV, report.id, moderator.id);
    const next = await listOpenReports(db, {
      q: "Sixty Reports",
      sort: "oldest",
      cursor: queueQuerySchema.parse({ cursor: first.next }).cursor,
    });
    expect(next.items[0]?.id).toBe(older[REPORT_PAGE_SIZE]?.id);
    // Going back to a page that emptied meanwhile shows the queue's start instead.
    const back = await listOpenReports(db, {
      q: "Sixty Reports",
      sort: "oldest",
      cursor: queueQuerySchema.parse({ cursor: next.previous }).cursor,
    });
    expect(back.items.map((r) => r.id)).toEqual(next.items.map((r) => r.id));
    expect(back.previous).toBeNull();
    expect((await countModerationQueues(db, "Sixty Reports")).reports).toBe(61 - REPORT_PAGE_SIZE);
  });
});

describe("the claims queue", () => {
  it("pages by cursor and finds claims by the stall's name or area", async () => {
    const stall = await createStall(env, { name: "Claimed Kathi Roll", location: "Park Street, Kolkata" });
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    const claimants = await Promise.all(Array.from({ length: CLAIM_PAGE_SIZE + 1 }, () => createUser(env)));
    for (const [i, claimant] of claimants.entries()) {
      await db.insert(stallClaims).values({
        stallId,
        userId: claimant.id,
        name: `Claimant ${i}`,
        phone: "9876543210",
        reason: "Mine",
        createdAt: 1_000 + i,
      });
    }
    for (const q of ["kathi roll", "park street"]) {
      const found = await walk(
        (cursor) => listPendingClaims(db, { q, sort: "newest", cursor }),
        (c) => c.name,
      );
      expect(found.ids).toEqual(claimants.map((_, i) => `Claimant ${i}`).reverse());
      expect(found.sizes).toEqual([CLAIM_PAGE_SIZE, 1]);
      expect((await countModerationQueues(db, q)).claims).toBe(CLAIM_PAGE_SIZE + 1);
    }
  });
});

describe("the reported reviews queue", () => {
  it("pages reviews by their first open report and finds them by stall name", async () => {
    const [author, reporter] = await Promise.all([createUser(env), createUser(env)]);
    const count = REPORTED_REVIEW_PAGE_SIZE + 2;
    const reviewIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const stall = await createStall(env, { name: `Reviewed Rasam ${i}`, location: "Mylapore" });
      const [review] = await db
        .insert(reviews)
        .values({ stallId: (await stallRow(stall.shopUniqueId))?.id ?? 0, userId: author.id, rating: 1 })
        .returning({ id: reviews.id });
      reviewIds.push(review?.id ?? 0);
      await db.insert(reports).values({
        subjectType: "review",
        subjectId: String(review?.id ?? 0),
        reporterId: reporter.id,
        reason: "other",
        details: "Spam",
        createdAt: 5_000 - i,
      });
    }
    const names = await walk(
      (cursor) => listReportedReviews(db, { q: "reviewed rasam", sort: "oldest", cursor }),
      (r) => r.stallName,
    );
    expect(names.ids).toEqual(Array.from({ length: count }, (_, i) => `Reviewed Rasam ${count - 1 - i}`));
    expect(names.sizes).toEqual([REPORTED_REVIEW_PAGE_SIZE, 2]);
    expect((await countModerationQueues(db, "Mylapore")).reviews).toBe(count);
    expect((await countModerationQueues(db, "Reviewed Rasam 7")).reviews).toBe(1);
  });
});

describe("approving a stall", () => {
  it("makes it visible in the list, search and detail, and tells the submitter once", async () => {
    const submitter = await createUser(env);
    const stall = await createStall(env, {
      name: "Zanzibar Kulfi Cart",
      status: "pending",
      createdBy: submitter.id,
    });
    const search = async () =>
      ((await (await api.request("/api/search?q=zanzibar", {}, env)).json()) as { total: number }).total;
    expect(await search()).toBe(0);
    expect((await api.request(`/api/shop/by-unique/${stall.shopUniqueId}`, {}, env)).status).toBe(404);

    expect(await decideStall(ctx, stall.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID })).toEqual({
      name: "Zanzibar Kulfi Cart",
    });

    expect((await stallRow(stall.shopUniqueId))?.status).toBe("approved");
    expect(await search()).toBe(1);
    expect((await api.request(`/api/shop/by-unique/${stall.shopUniqueId}`, {}, env)).status).toBe(200);
    const list = (await (await api.request("/api/shop?limit=50", {}, env)).json()) as {
      items: { id: string }[];
    };
    expect(list.items.map((s) => s.id)).toContain(stall.shopUniqueId);
    expect(await notificationsOf(submitter.id)).toEqual([
      {
        type: "stall_update",
        title: 'Your stall "Zanzibar Kulfi Cart" is live',
        body: "A moderator approved it: everyone can find it on Discover and in search now.",
        link: `/stall/${stall.shopUniqueId}`,
      },
      // A first stall gone live earns First Find, told in the same batch.
      {
        type: "achievement",
        title: "You earned the First Find badge",
        body: "Added a first stall",
        link: "/profile",
      },
    ]);
    const mail = await mailTo(submitter.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your stall "Zanzibar Kulfi Cart" is live on Nukkad');
    expect(mail[0]?.text).toContain(`https://nukkad.test/stall/${stall.shopUniqueId}`);

    // A second moderator, too late.
    await expect(
      decideStall(ctx, stall.shopUniqueId, {
        approve: false,
        reason: "Duplicate",
        moderatorId: MODERATOR_ID,
      }),
    ).rejects.toMatchObject({ status: 409, message: ALREADY_DECIDED });
    expect((await stallRow(stall.shopUniqueId))?.status).toBe("approved");
    expect(await notificationsOf(submitter.id)).toHaveLength(2);
    expect(await mailTo(submitter.email)).toHaveLength(1);
  });

  it("lets only one of two simultaneous decisions through", async () => {
    const submitter = await createUser(env);
    const stall = await createStall(env, { status: "pending", createdBy: submitter.id });
    const results = await Promise.allSettled([
      decideStall(ctx, stall.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID }),
      decideStall(ctx, stall.shopUniqueId, {
        approve: false,
        reason: "Not a stall",
        moderatorId: MODERATOR_ID,
      }),
      decideStall(ctx, stall.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused.filter((reason) => reason instanceof ModelError && reason.status === 409)).toHaveLength(2);
    const told = await notificationsOf(submitter.id);
    expect(told.filter((row) => row.type === "stall_update")).toHaveLength(1);
    // Approved or not, the winning decision is the only one heard: an approval adds its one achievement.
    expect(told.length - 1).toBe(told.some((row) => row.type === "achievement") ? 1 : 0);
  });

  it("answers 404 for an unknown stall and notifies nobody for a stall without a submitter", async () => {
    await expect(
      decideStall(ctx, "no-such-stall", { approve: true, moderatorId: MODERATOR_ID }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const orphan = await createStall(env, { status: "pending", createdBy: null });
    const before = await db.select({ id: notifications.id }).from(notifications);
    expect(await decideStall(ctx, orphan.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID })).toEqual(
      { name: orphan.name },
    );
    expect(await db.select({ id: notifications.id }).from(notifications)).toHaveLength(before.length);
  });
});

describe("rejecting a stall", () => {
  it("stores the reason, removes its photos and tells the submitter why", async () => {
    const submitter = await createSignedInUser(env);
    const keys = ["rejectedphoto0000001.jpg", "rejectedphoto0000002.jpg"];
    const stall = await createStall(env, {
      name: "Moonlight Momos",
      status: "pending",
      createdBy: submitter.id,
      images: keys.map(photoUrl),
      thumbnailImage: photoUrl(keys[0] as string),
    });
    const row = await stallRow(stall.shopUniqueId);
    for (const key of keys) await storePhoto(key, row?.id ?? null);

    const result = await decideStall(ctx, stall.shopUniqueId, {
      approve: false,
      reason: "Photos show a house",
      moderatorId: MODERATOR_ID,
    });
    expect(result).toEqual({ name: stall.name });

    const after = await stallRow(stall.shopUniqueId);
    expect(after).toMatchObject({ status: "rejected", statusReason: "Photos show a house", images: [] });
    for (const key of keys) expect(await env.PHOTOS.head(key)).toBeNull();
    expect(
      await db
        .select()
        .from(photos)
        .where(eq(photos.stallId, row?.id ?? 0)),
    ).toEqual([]);
    expect(await notificationsOf(submitter.id)).toEqual([
      {
        type: "stall_update",
        title: 'Your stall "Moonlight Momos" was not approved',
        body: "Reason: Photos show a house",
        link: "/profile",
      },
    ]);
    expect((await mailTo(submitter.email))[0]?.text).toContain("Reason: Photos show a house");

    // Hidden from everyone but its submitter, who sees the reason among their stalls.
    expect((await api.request(`/api/shop/by-unique/${stall.shopUniqueId}`, {}, env)).status).toBe(404);
    const mine = await api.request(
      "/api/shop/my-shops",
      { headers: { Authorization: `Bearer ${submitter.token}` } },
      env,
    );
    expect(await mine.json()).toEqual([
      expect.objectContaining({
        id: stall.shopUniqueId,
        status: "rejected",
        status_reason: "Photos show a house",
      }),
    ]);
  });
});

describe("reports in the queue", () => {
  it("lists open reports, resolves each once, and removes a stall reported closed for good", async () => {
    const reporter = await createUser(env, { fullName: "Report Person" });
    // One open report per person and stall: the second report is a namesake's.
    const namesake = await createUser(env, { fullName: "Report Person" });
    const moderator = await createUser(env, { role: "moderator" });
    const stall = await createStall(env, { name: "Gone Golgappa" });
    const row = await stallRow(stall.shopUniqueId);
    const stallId = row?.id ?? 0;
    await createStallReport(db, {
      stallId,
      reporterId: reporter.id,
      kind: "moved",
      details: "Across the road now",
    });
    await createStallReport(db, { stallId, reporterId: namesake.id, kind: "closed", details: "" });
    const open = (await listOpenReports(db, { q: stall.name, sort: "oldest" })).items.filter(
      (r) => r.stall.id === stall.shopUniqueId,
    );
    expect(open.map((r) => [r.kind, r.details, r.reporter.name])).toEqual([
      ["moved", "Across the road now", "Report Person"],
      ["closed", "", "Report Person"],
    ]);
    const [moved, closed] = open;

    await expect(
      removeReportedStall(db, env.KV, env.PHOTOS, moved?.id ?? 0, moderator.id),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await resolveReport(db, env.KV, moved?.id ?? 0, moderator.id)).toEqual({ name: "Gone Golgappa" });
    await expect(resolveReport(db, env.KV, moved?.id ?? 0, moderator.id)).rejects.toMatchObject({
      status: 409,
      message: ALREADY_DECIDED,
    });
    await expect(resolveReport(db, env.KV, 999_999, moderator.id)).rejects.toMatchObject({ status: 404 });

    await storePhoto("closedstallphoto0001.jpg", stallId);
    await db
      .update(stalls)
      .set({ images: [photoUrl("closedstallphoto0001.jpg")] })
      .where(eq(stalls.id, stallId));
    expect(await removeReportedStall(db, env.KV, env.PHOTOS, closed?.id ?? 0, moderator.id)).toEqual({
      name: "Gone Golgappa",
    });
    expect(await stallRow(stall.shopUniqueId)).toBeUndefined();
    expect(await env.PHOTOS.head("closedstallphoto0001.jpg")).toBeNull();
    expect(
      (await listOpenReports(db, { q: stall.name, sort: "oldest" })).items.filter(
        (r) => r.stall.id === stall.shopUniqueId,
      ),
    ).toEqual([]);
  });
});

describe("removing a stall with reels", () => {
  it("leaves none of its reels' videos and posters in R2, and /media no longer serves them", async () => {
    const [reporter, author, moderator] = await Promise.all([
      createUser(env),
      createUser(env),
      createUser(env, { role: "moderator" }),
    ]);
    const stall = await createStall(env, { name: "Reel Stall Gone" });
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    const media = (key: string) => sendToWorker(`/media/${key}`);
    expect((await media(reel.videoKey)).status).toBe(200);
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    await createStallReport(db, { stallId, reporterId: reporter.id, kind: "closed", details: "" });
    const [closed] = (await listOpenReports(db, { q: stall.name, sort: "oldest" })).items.filter(
      (r) => r.stall.id === stall.shopUniqueId,
    );

    await removeReportedStall(db, env.KV, env.PHOTOS, closed?.id ?? 0, moderator.id);
    for (const key of [reel.videoKey, reel.posterKey]) {
      expect(await env.PHOTOS.head(mediaObjectKey(key))).toBeNull();
      expect((await media(key)).status).toBe(404);
    }
  });
});

describe("claims in the queue", () => {
  it("approving one verifies the stall, records the owner and turns down the others", async () => {
    const [owner, rival, moderator] = await Promise.all([
      createUser(env),
      createUser(env),
      createUser(env, { role: "moderator" }),
    ]);
    const stall = await createStall(env);
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    const claim = (userId: string) =>
      db
        .insert(stallClaims)
        .values({ stallId, userId, name: "Ramesh", phone: "+91 98765 43210", reason: "I run it" })
        .returning({ id: stallClaims.id });
    const [[ownerClaim], [rivalClaim]] = await Promise.all([claim(owner.id), claim(rival.id)]);
    const pending = (await listPendingClaims(db, { q: stall.name, sort: "oldest" })).items.filter(
      (c) => c.stall.id === stall.shopUniqueId,
    );
    expect(pending.map((c) => c.claimant.email).sort()).toEqual([owner.email, rival.email].sort());

    expect(
      await decideClaim(db, env.KV, ownerClaim?.id ?? 0, { approve: true, moderatorId: moderator.id }),
    ).toEqual({
      name: stall.name,
    });
    expect(await stallRow(stall.shopUniqueId)).toMatchObject({ isVerified: true, ownerId: owner.id });
    const statuses = await db
      .select({ id: stallClaims.id, status: stallClaims.status, decidedBy: stallClaims.decidedBy })
      .from(stallClaims)
      .where(eq(stallClaims.stallId, stallId));
    expect(statuses).toEqual(
      expect.arrayContaining([
        { id: ownerClaim?.id, status: "approved", decidedBy: moderator.id },
        { id: rivalClaim?.id, status: "rejected", decidedBy: moderator.id },
      ]),
    );
    // Each claimant hears how their claim ended.
    expect((await notificationsOf(owner.id)).map((row) => row.title)).toEqual([
      `Your claim on "${stall.name}" was approved`,
    ]);
    expect(await notificationsOf(rival.id)).toEqual([
      {
        type: "stall_update",
        title: `Your claim on "${stall.name}" was not approved`,
        body: "Another claim on this stall was approved.",
        link: `/stall/${stall.shopUniqueId}`,
      },
    ]);
    await expect(
      decideClaim(db, env.KV, rivalClaim?.id ?? 0, { approve: true, moderatorId: moderator.id }),
    ).rejects.toMatchObject({ status: 409, message: ALREADY_DECIDED });
    expect(await stallRow(stall.shopUniqueId)).toMatchObject({ ownerId: owner.id });
    await expect(
      decideClaim(db, env.KV, 999_999, { approve: false, moderatorId: moderator.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("rejecting one changes nothing on the stall", async () => {
    const [claimant, moderator] = await Promise.all([
      createUser(env),
      createUser(env, { role: "moderator" }),
    ]);
    const stall = await createStall(env);
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    const [claim] = await db
      .insert(stallClaims)
      .values({ stallId, userId: claimant.id, name: "Ramesh", phone: "9876543210", reason: "Mine" })
      .returning({ id: stallClaims.id });
    expect(
      await decideClaim(db, env.KV, claim?.id ?? 0, { approve: false, moderatorId: moderator.id }),
    ).toEqual({
      name: stall.name,
    });
    expect(await stallRow(stall.shopUniqueId)).toMatchObject({ isVerified: false, ownerId: null });
  });
});

// The page itself, through the whole Worker (needs `npm run build`).
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function page(path: string, init: RequestInit = {}) {
  const executionContext = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, { redirect: "manual", ...init }),
    { ...env, ASSETS: assets },
    executionContext,
  );
  await waitOnExecutionContext(executionContext);
  return response;
}

const cookie = (token: string) => ({ Cookie: `nukkad_session=${token}` });

function post(path: string, token: string, fields: Record<string, string>) {
  return page(path, {
    method: "POST",
    headers: { ...cookie(token), Origin: "http://127.0.0.1", Host: "127.0.0.1" },
    body: new URLSearchParams(fields),
  });
}

describe("/moderation", () => {
  let moderator: Awaited<ReturnType<typeof createSignedInUser>>;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    [moderator, user] = await Promise.all([
      createSignedInUser(env, { role: "moderator" }),
      createSignedInUser(env),
    ]);
  });

  it("sends visitors to sign in and back", async () => {
    const response = await page("/moderation");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fmoderation");
  });

  it("answers the 404 page to a signed-in user who is not a moderator, and refuses their actions", async () => {
    const response = await page("/moderation", { headers: cookie(user.token) });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
    const stall = await createStall(env, { status: "pending" });
    const attempt = await post("/moderation?index", user.token, {
      intent: "approve-stall",
      stall: stall.shopUniqueId,
    });
    expect(attempt.status).toBe(404);
    expect((await stallRow(stall.shopUniqueId))?.status).toBe("pending");
  });

  it("lists no queue to someone who does not moderate, whatever the link asks", async () => {
    for (const path of [
      "/moderation?tab=reports&sort=newest",
      "/moderation?tab=claims&q=a",
      "/moderation/reviews",
    ]) {
      expect((await page(path, { headers: cookie(user.token) })).status).toBe(404);
      expect((await page(path)).status).toBe(302);
    }
  });

  it("shows one queue at a time, its tabs counting each queue under the search, sorted and paged by links", async () => {
    const reporter = await createUser(env);
    const stall = await createStall(env, { name: "Tabbed Tawa Fry", location: "Indiranagar 100 Feet Road" });
    const stallId = (await stallRow(stall.shopUniqueId))?.id ?? 0;
    const count = REPORT_PAGE_SIZE + 2;
    for (let i = 0; i < count; i++) {
      await db.insert(reports).values({
        subjectType: "stall",
        subjectId: String(stallId),
        reporterId: i === 0 ? reporter.id : (await createUser(env)).id,
        reason: "wrong_details",
        details: `Tab report #${i}#`,
        createdAt: 10_000 + i,
      });
    }
    const tabCount = (html: string, title: string) =>
      Number(new RegExp(`${title}<span[^>]*>(\\d+)</span>`).exec(html)?.[1]);
    const pageLink = (html: string, rel: string) => {
      const tag = new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(html)?.[0] ?? "";
      return /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? null;
    };

    const response = await page("/moderation?tab=reports&q=Feet+Road&sort=newest", {
      headers: cookie(moderator.token),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Open reports<\/h1>/);
    expect(tabCount(html, "Open reports")).toBe(count);
    expect(tabCount(html, "Pending stalls")).toBe(0);
    expect(html).toContain(`${count} reports matching &quot;Feet Road&quot;, newest first`);
    expect(html).toMatch(/<input[^>]*value="Feet Road"/);
    expect(html).toMatch(/<option value="newest" selected="">/);
    expect(html.indexOf(`#${count - 1}#`)).toBeLessThan(html.indexOf(`#${count - 2}#`));
    expect(html).not.toContain("#1#");
    expect(pageLink(html, "prev")).toBeNull();

    const next = pageLink(html, "next");
    expect(next).toMatch(/^\/moderation\?tab=reports&q=Feet\+Road&sort=newest&cursor=/);
    const second = await (await page(next ?? "", { headers: cookie(moderator.token) })).text();
    expect(second).toContain("#1#");
    expect(second).toContain("#0#");
    expect(second).not.toContain(`#${count - 1}#`);
    expect(pageLink(second, "next")).toBeNull();
    expect(pageLink(second, "prev")).toMatch(/cursor=/);

    // The plain queue is just its path, and the counts without a search take in everything.
    const plain = await (await page("/moderation", { headers: cookie(moderator.token) })).text();
    expect(plain).toContain('href="/moderation?tab=reports"');
    expect(tabCount(plain, "Open reports")).toBe((await countModerationQueues(db, "")).reports);
  });

  it("answers a link it cannot read in part with the queue from its start and a notice", async () => {
    const wrongShape = btoa(JSON.stringify(["sideways", "x", 1]));
    for (const path of [
      "/moderation?tab=reports&cursor=not-a-cursor!!",
      `/moderation?tab=claims&cursor=${wrongShape}`,
      "/moderation?sort=sideways",
      `/moderation?tab=reports&q=${"x".repeat(101)}`,
      "/moderation?tab=everything",
      "/moderation/reviews?cursor=zzz&sort=random",
    ]) {
      const response = await page(path, { headers: cookie(moderator.token) });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain("Part of this link could not be read");
      expect(html, path).toMatch(/waiting, oldest first|matching/);
    }
  });

  it("shows a moderator the queue, escaped, and carries out their decisions", async () => {
    const stall = await createStall(env, {
      name: "<script>alert(1)</script> Tikki",
      status: "pending",
      createdAt: 1,
    });
    const reporter = await createUser(env);
    await createStallReport(db, {
      stallId: (await stallRow(stall.shopUniqueId))?.id ?? 0,
      reporterId: reporter.id,
      kind: "other",
      details: "<img src=x onerror=alert(2)>",
    });
    const response = await page("/moderation", { headers: cookie(moderator.token) });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Pending stalls");
    expect(html).toContain('href="/moderation/reviews"');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Tikki");
    expect(html).not.toContain("<script>alert(1)</script>");
    const reports = await (
      await page("/moderation?tab=reports&sort=newest", { headers: cookie(moderator.token) })
    ).text();
    expect(reports).toContain("&lt;img src=x onerror=alert(2)&gt;");

    const missingReason = await post("/moderation?index", moderator.token, {
      intent: "reject-stall",
      stall: stall.shopUniqueId,
    });
    expect(missingReason.status).toBe(400);
    const tooLong = await post("/moderation?index", moderator.token, {
      intent: "reject-stall",
      stall: stall.shopUniqueId,
      reason: "x".repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect((await stallRow(stall.shopUniqueId))?.status).toBe("pending");

    const rejected = await post("/moderation?index", moderator.token, {
      intent: "reject-stall",
      stall: stall.shopUniqueId,
      reason: "Not a food stall",
    });
    expect(rejected.status).toBe(200);
    expect(await stallRow(stall.shopUniqueId)).toMatchObject({
      status: "rejected",
      statusReason: "Not a food stall",
    });
    const again = await post("/moderation?index", moderator.token, {
      intent: "approve-stall",
      stall: stall.shopUniqueId,
    });
    expect(again.status).toBe(409);
  });
});

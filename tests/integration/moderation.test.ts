import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { notifications, outbox, photos, stallClaims, stalls } from "~/db/schema";
import { readConfig } from "~/lib/http/config.server";
import { photoUrl } from "~/lib/http/photo-url";
import { decideClaim, listPendingClaims } from "~/models/claim.server";
import { ModelError } from "~/models/model-error";
import {
  ALREADY_DECIDED,
  decideStall,
  listPendingStalls,
  type ModerationContext,
  PENDING_PAGE_SIZE,
} from "~/models/moderation.server";
import {
  createStallReport,
  listOpenReports,
  removeReportedStall,
  resolveReport,
} from "~/models/report.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall, createUser } from "../factories";

const db = getDb(env.DB);
const ctx: ModerationContext = {
  db,
  config: readConfig(env),
  origin: "https://nukkad.test",
  photos: env.PHOTOS,
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
    .where(eq(notifications.userId, userId));

const mailTo = (address: string) =>
  db.select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, address));

async function storePhoto(key: string, stallId: number | null) {
  await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
  await db.insert(photos).values({ key, stallId, contentType: "image/jpeg", size: 3 });
}

describe("the pending queue", () => {
  it("lists pending stalls oldest first with their submitter and look-alikes, a page at a time", async () => {
    const submitter = await createUser(env, { fullName: "Queue Submitter" });
    const base = Date.now() - 60 * 60 * 1000;
    const at = { latitude: 13.1, longitude: 77.7 };
    await createStall(env, { ...at, name: "Sharma Chaat Corner", status: "approved" });
    const created: string[] = [];
    for (let i = 0; i < PENDING_PAGE_SIZE + 2; i++) {
      const stall = await createStall(env, {
        ...(i === 0 ? { ...at, name: "Sharma Chaat Center" } : { name: `Queue stall ${i}` }),
        status: "pending",
        createdBy: submitter.id,
        createdAt: base + i * 1000,
      });
      created.push(stall.shopUniqueId);
    }
    const first = await listPendingStalls(db, { page: 1 });
    expect(first.total).toBeGreaterThanOrEqual(PENDING_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(PENDING_PAGE_SIZE);
    const ours = first.items.filter((item) => created.includes(item.id));
    expect(ours[0]?.id).toBe(created[0]);
    expect(ours[0]?.submitter).toEqual({ name: "Queue Submitter", email: submitter.email });
    expect(ours[0]?.look_alikes.map((s) => s.name)).toEqual(["Sharma Chaat Corner"]);
    expect(ours[0]?.hours?.find((d) => d.day === "sunday")?.hours).toBe("Closed");
    const times = first.items.map((item) => item.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const second = await listPendingStalls(db, { page: 2 });
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]?.id);
    expect(second.items.some((item) => created.includes(item.id))).toBe(true);
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

    expect(await decideStall(ctx, stall.shopUniqueId, { approve: true })).toEqual({
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
    ]);
    const mail = await mailTo(submitter.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your stall "Zanzibar Kulfi Cart" is live on Nukkad');
    expect(mail[0]?.text).toContain(`https://nukkad.test/stall/${stall.shopUniqueId}`);

    // A second moderator, too late.
    await expect(
      decideStall(ctx, stall.shopUniqueId, { approve: false, reason: "Duplicate" }),
    ).rejects.toMatchObject({ status: 409, message: ALREADY_DECIDED });
    expect((await stallRow(stall.shopUniqueId))?.status).toBe("approved");
    expect(await notificationsOf(submitter.id)).toHaveLength(1);
    expect(await mailTo(submitter.email)).toHaveLength(1);
  });

  it("lets only one of two simultaneous decisions through", async () => {
    const submitter = await createUser(env);
    const stall = await createStall(env, { status: "pending", createdBy: submitter.id });
    const results = await Promise.allSettled([
      decideStall(ctx, stall.shopUniqueId, { approve: true }),
      decideStall(ctx, stall.shopUniqueId, { approve: false, reason: "Not a stall" }),
      decideStall(ctx, stall.shopUniqueId, { approve: true }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused.filter((reason) => reason instanceof ModelError && reason.status === 409)).toHaveLength(2);
    expect(await notificationsOf(submitter.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown stall and notifies nobody for a stall without a submitter", async () => {
    await expect(decideStall(ctx, "no-such-stall", { approve: true })).rejects.toMatchObject({
      status: 404,
    });
    const orphan = await createStall(env, { status: "pending", createdBy: null });
    const before = await db.select({ id: notifications.id }).from(notifications);
    expect(await decideStall(ctx, orphan.shopUniqueId, { approve: true })).toEqual({ name: orphan.name });
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
    await createStallReport(db, { stallId, reporterId: reporter.id, kind: "closed", details: "" });
    const open = (await listOpenReports(db)).filter((r) => r.stall.id === stall.shopUniqueId);
    expect(open.map((r) => [r.kind, r.details, r.reporter.name])).toEqual([
      ["moved", "Across the road now", "Report Person"],
      ["closed", "", "Report Person"],
    ]);
    const [moved, closed] = open;

    await expect(removeReportedStall(db, env.PHOTOS, moved?.id ?? 0)).rejects.toMatchObject({
      status: 409,
    });
    expect(await resolveReport(db, moved?.id ?? 0, moderator.id)).toEqual({ name: "Gone Golgappa" });
    await expect(resolveReport(db, moved?.id ?? 0, moderator.id)).rejects.toMatchObject({
      status: 409,
      message: ALREADY_DECIDED,
    });
    await expect(resolveReport(db, 999_999, moderator.id)).rejects.toMatchObject({ status: 404 });

    await storePhoto("closedstallphoto0001.jpg", stallId);
    await db
      .update(stalls)
      .set({ images: [photoUrl("closedstallphoto0001.jpg")] })
      .where(eq(stalls.id, stallId));
    expect(await removeReportedStall(db, env.PHOTOS, closed?.id ?? 0)).toEqual({ name: "Gone Golgappa" });
    expect(await stallRow(stall.shopUniqueId)).toBeUndefined();
    expect(await env.PHOTOS.head("closedstallphoto0001.jpg")).toBeNull();
    expect((await listOpenReports(db)).filter((r) => r.stall.id === stall.shopUniqueId)).toEqual([]);
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
    const pending = (await listPendingClaims(db)).filter((c) => c.stall.id === stall.shopUniqueId);
    expect(pending.map((c) => c.claimant.email).sort()).toEqual([owner.email, rival.email].sort());

    expect(await decideClaim(db, ownerClaim?.id ?? 0, { approve: true, moderatorId: moderator.id })).toEqual({
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
    await expect(
      decideClaim(db, rivalClaim?.id ?? 0, { approve: true, moderatorId: moderator.id }),
    ).rejects.toMatchObject({ status: 409, message: ALREADY_DECIDED });
    expect(await stallRow(stall.shopUniqueId)).toMatchObject({ ownerId: owner.id });
    await expect(
      decideClaim(db, 999_999, { approve: false, moderatorId: moderator.id }),
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
    expect(await decideClaim(db, claim?.id ?? 0, { approve: false, moderatorId: moderator.id })).toEqual({
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
    expect(html).toContain("&lt;img src=x onerror=alert(2)&gt;");

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

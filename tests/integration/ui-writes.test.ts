import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKMARK_FAILED } from "~/components/stall/bookmark-button";
import { getDb } from "~/db/client.server";
import { favourites, photos, reports, stallClaims, stalls } from "~/db/schema";
import { NOT_AN_IMAGE, PHOTO_TOO_LARGE } from "~/lib/http/image-type";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import { CLAIM_PENDING } from "~/models/claim.server";
import { DAILY_UPLOAD_LIMIT } from "~/models/photo.server";
import { DAILY_STALL_REPORT_LIMIT } from "~/models/report/report.server";
import { CLAIM_SENT, REPORT_SENT } from "~/routes/stall.$id.community";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// The writes the UI makes through page actions (ADR 001), posted as its fetchers post them (`.data`, single fetch)
// through the whole Worker (build first). The JSON API's side of the same writes: favourites, reports-claims and
// api-upload tests.
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
const db = getDb(env.DB);
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

async function post(path: string, fields: Record<string, string | File>, token?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      headers: {
        Origin: "http://127.0.0.1",
        Host: "127.0.0.1",
        ...(token ? { Cookie: `nukkad_session=${token}` } : {}),
      },
      body,
      redirect: "manual",
    }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

let user: SignedIn;
let other: SignedIn;
let unconfirmed: SignedIn;

beforeAll(async () => {
  [user, other, unconfirmed] = await Promise.all([
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env, { verified: false }),
  ]);
});

describe("a heart (POST /bookmarks, intent favourite)", () => {
  const heart = (token: string | undefined, stallId: string, favourited: string) =>
    post("/bookmarks.data", { intent: "favourite", stallId, favourited }, token);
  const saved = async (userId: string, stallId: string) =>
    (
      await db
        .select({ userId: favourites.userId })
        .from(favourites)
        .innerJoin(stalls, eq(stalls.id, favourites.stallId))
        .where(and(eq(favourites.userId, userId), eq(stalls.shopUniqueId, stallId)))
    ).length;

  it("sets the state asked for, so sending it twice changes nothing", async () => {
    const { shopUniqueId } = await createStall(env);
    for (const _ of [1, 2]) expect((await heart(user.token, shopUniqueId, "true")).status).toBe(200);
    expect(await saved(user.id, shopUniqueId)).toBe(1);
    for (const _ of [1, 2]) expect((await heart(user.token, shopUniqueId, "false")).status).toBe(200);
    expect(await saved(user.id, shopUniqueId)).toBe(0);
  });

  it("sends visitors to sign in", async () => {
    const { shopUniqueId } = await createStall(env);
    const visitor = await post("/bookmarks", {
      intent: "favourite",
      stallId: shopUniqueId,
      favourited: "true",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fbookmarks");
  });

  it("answers 400 with the spec's text to a post it cannot read", async () => {
    const { shopUniqueId } = await createStall(env);
    for (const [stallId, favourited] of [
      [shopUniqueId, "yes"],
      ["bad id!", "true"],
    ] as const) {
      const refused = await heart(user.token, stallId, favourited);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(BOOKMARK_FAILED);
    }
    expect(await saved(user.id, shopUniqueId)).toBe(0);
  });

  it("answers 404 for a stall the user may not see: someone else's pending one", async () => {
    const pending = await createStall(env, { status: "pending", createdBy: other.id });
    const refused = await heart(user.token, pending.shopUniqueId, "true");
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(BOOKMARK_FAILED);
    expect(await saved(user.id, pending.shopUniqueId)).toBe(0);
    expect((await heart(other.token, pending.shopUniqueId, "true")).status).toBe(200);
  });
});

describe("Report Issue and Claim This Stall (POST /stall/:id/community)", () => {
  const community = (id: string) => `/stall/${id}/community.data`;
  const CLAIM = {
    intent: "claim",
    name: "Ramesh Kumar",
    phone: "+91 98765 43210",
    reason: "My family cart.",
  };
  const reportsOn = async (stallId: string) =>
    (
      await db
        .select({ kind: reports.reason, details: reports.details, reporterId: reports.reporterId })
        .from(reports)
        .innerJoin(
          stalls,
          and(eq(reports.subjectType, "stall"), eq(reports.subjectId, sql`CAST(${stalls.id} AS TEXT)`)),
        )
        .where(eq(stalls.shopUniqueId, stallId))
    ).map((row) => row);
  const claimsOn = async (stallId: string) =>
    db
      .select({ userId: stallClaims.userId, name: stallClaims.name })
      .from(stallClaims)
      .innerJoin(stalls, eq(stalls.id, stallClaims.stallId))
      .where(eq(stalls.shopUniqueId, stallId));

  it("stores a report and says so", async () => {
    const { shopUniqueId } = await createStall(env);
    const sent = await post(
      community(shopUniqueId),
      { intent: "report", kind: "moved", details: "Now by the bus stop" },
      user.token,
    );
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(REPORT_SENT);
    expect(await reportsOn(shopUniqueId)).toEqual([
      { kind: "moved", details: "Now by the bus stop", reporterId: user.id },
    ]);
  });

  it("stores one claim per person, and the second is refused with its reason", async () => {
    const { shopUniqueId } = await createStall(env);
    const first = await post(community(shopUniqueId), CLAIM, user.token);
    expect(first.status).toBe(200);
    expect(first.text).toContain(CLAIM_SENT);
    const again = await post(community(shopUniqueId), CLAIM, user.token);
    expect(again.status).toBe(409);
    expect(again.text).toContain(CLAIM_PENDING);
    expect(await claimsOn(shopUniqueId)).toEqual([{ userId: user.id, name: "Ramesh Kumar" }]);
  });

  it("stores one claim for a form fill sent twice, and answers the resend as the first", async () => {
    const { shopUniqueId } = await createStall(env);
    const fill = { ...CLAIM, idempotency_key: crypto.randomUUID() };
    const first = await post(community(shopUniqueId), fill, other.token);
    const resent = await post(community(shopUniqueId), fill, other.token);
    expect([first.status, resent.status]).toEqual([200, 200]);
    expect(resent.text).toContain(CLAIM_SENT);
    expect(await claimsOn(shopUniqueId)).toHaveLength(1);
  });

  it("sends visitors to sign in, and back to the stall's page afterwards", async () => {
    const { shopUniqueId } = await createStall(env);
    const visitor = await post(`/stall/${shopUniqueId}/community`, { intent: "report", kind: "moved" });
    expect(visitor.status).toBe(302);
    const back = `/stall/${shopUniqueId}/community`;
    expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
    const ctx = createExecutionContext();
    const page = await worker.fetch(
      new Request(`http://127.0.0.1${back}`, { redirect: "manual" }),
      { ...env, ASSETS: assets },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/stall/${shopUniqueId}`);
    expect(await reportsOn(shopUniqueId)).toEqual([]);
  });

  it("refuses an unconfirmed address with 403 and the way to confirm it", async () => {
    const { shopUniqueId } = await createStall(env);
    for (const fields of [{ intent: "report", kind: "moved" }, CLAIM]) {
      const refused = await post(community(shopUniqueId), fields, unconfirmed.token);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(CONFIRM_EMAIL_FIRST);
    }
    expect(await reportsOn(shopUniqueId)).toEqual([]);
    expect(await claimsOn(shopUniqueId)).toEqual([]);
  });

  it.each([
    [{ intent: "report", kind: "haunted" }, "Please choose what is wrong"],
    [{ intent: "report", kind: "other" }, "Please describe the problem"],
    [{ ...CLAIM, phone: "+1 415 555 0100" }, "Please enter a valid phone number"],
    [{ ...CLAIM, name: " " }, "Please enter your name"],
  ])("answers 400 with the field's message for %j", async (fields, message) => {
    const { shopUniqueId } = await createStall(env);
    const refused = await post(community(shopUniqueId), fields, user.token);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(message);
  });

  it("answers 404 for a stall the user may not see, and takes one on their own pending stall", async () => {
    const others = await createStall(env, { status: "pending", createdBy: other.id });
    for (const id of [others.shopUniqueId, "no-such-stall"]) {
      const hidden = await post(community(id), { intent: "report", kind: "moved" }, user.token);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toContain("Stall not found");
    }
    expect((await post(community(others.shopUniqueId), CLAIM, user.token)).status).toBe(404);
    expect(await reportsOn(others.shopUniqueId)).toEqual([]);
    const own = await createStall(env, { status: "pending", createdBy: user.id });
    expect(
      (await post(community(own.shopUniqueId), { intent: "report", kind: "moved" }, user.token)).status,
    ).toBe(200);
  });

  it("takes the daily number of reports, then answers 429 with its message and Retry-After", async () => {
    const reporter = await createSignedInUser(env, { established: true });
    const { shopUniqueId } = await createStall(env);
    for (let i = 0; i < DAILY_STALL_REPORT_LIMIT.limit; i++) {
      expect(
        (await post(community(shopUniqueId), { intent: "report", kind: "moved" }, reporter.token)).status,
      ).toBe(200);
    }
    const refused = await post(community(shopUniqueId), { intent: "report", kind: "moved" }, reporter.token);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(DAILY_STALL_REPORT_LIMIT.message);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("a photo of Add a Stall (POST /add-stall/photo)", () => {
  // A real 1x1 PNG.
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (char) => char.charCodeAt(0),
  );
  const png = () => new File([PNG], "stall.png", { type: "image/png" });
  const upload = (fields: Record<string, string | File>, token?: string) =>
    post("/add-stall/photo.data", fields, token);
  const photoIn = (text: string) => text.match(/\/photos\/([A-Za-z0-9_-]{24}\.png)/)?.[1];
  const rowsOf = async (userId: string) =>
    db.select({ key: photos.key }).from(photos).where(eq(photos.userId, userId));

  it("stores the photo in R2 and answers its URL", async () => {
    const uploader = await createSignedInUser(env);
    const stored = await upload({ image: png() }, uploader.token);
    expect(stored.status).toBe(200);
    const key = photoIn(stored.text) ?? "";
    expect(new Uint8Array(await ((await env.PHOTOS.get(key))?.arrayBuffer() ?? new ArrayBuffer(0)))).toEqual(
      PNG,
    );
    expect(await rowsOf(uploader.id)).toEqual([{ key }]);
  });

  it("stores one photo for an upload sent twice with its key, and answers the first URL again", async () => {
    const uploader = await createSignedInUser(env);
    const fields = { image: png(), idempotency_key: `${crypto.randomUUID()}:0123abcd` };
    const first = await upload(fields, uploader.token);
    const retry = await upload(fields, uploader.token);
    expect(photoIn(retry.text)).toBe(photoIn(first.text));
    expect(await rowsOf(uploader.id)).toHaveLength(1);
  });

  it("sends visitors to sign in and refuses an unconfirmed address with 403", async () => {
    const visitor = await post("/add-stall/photo", { image: png() });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fadd-stall%2Fphoto");
    const refused = await upload({ image: png() }, unconfirmed.token);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(CONFIRM_EMAIL_FIRST);
    expect(await rowsOf(unconfirmed.id)).toEqual([]);
  });

  it("refuses what is not an image by its bytes (400) and images over 5 MB (413)", async () => {
    const uploader = await createSignedInUser(env);
    const html = new File(["<!doctype html><script>alert(1)</script>"], "photo.jpg", { type: "image/jpeg" });
    for (const fields of [{ image: html }, { image: "text" }, {}] as Record<string, string | File>[]) {
      const refused = await upload(fields, uploader.token);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(NOT_AN_IMAGE);
    }
    const large = new Uint8Array(5 * 1024 * 1024 + 1);
    large.set(PNG);
    const tooLarge = await upload(
      { image: new File([large], "big.png", { type: "image/png" }) },
      uploader.token,
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain(PHOTO_TOO_LARGE);
    expect(await rowsOf(uploader.id)).toEqual([]);
  });

  it("refuses uploads past the daily number with 429 and its message", async () => {
    const uploader = await createSignedInUser(env);
    const rows = Array.from({ length: DAILY_UPLOAD_LIMIT.limit }, (_, i) =>
      db.insert(photos).values({
        key: `${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}${i}.png`,
        userId: uploader.id,
        contentType: "image/png",
        size: 1,
        createdAt: Date.now(),
      }),
    );
    await db.batch(rows as [(typeof rows)[number], ...typeof rows]);
    const refused = await upload({ image: png() }, uploader.token);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(DAILY_UPLOAD_LIMIT.message);
    expect(await rowsOf(uploader.id)).toHaveLength(DAILY_UPLOAD_LIMIT.limit);
  });
});

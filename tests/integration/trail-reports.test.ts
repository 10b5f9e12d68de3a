import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { reports, trails } from "~/db/schema";
import type { TrailSummary, TrailView } from "~/lib/schemas/food-trail";
import { readPublicContentVersion } from "~/models/public-content.server";
import type { QueuePage } from "~/models/queue.server";
import {
  countModerationQueues,
  DAILY_TRAIL_REPORT_LIMIT,
  type ReportedTrail,
  REPORTED_PAGE_SIZE as TRAIL_REPORT_PAGE_SIZE,
} from "~/models/report/report.server";
import worker from "../../workers/app";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";

// Reports of community trails through the API and the pages against real D1, and the moderators' Trails queue: bad
// input, who may report what, one report per person and trail, the daily limit, hiding (the trail is then its
// author's alone, with the reason) and keeping.

const db = getDb(env.DB);

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Stall = Awaited<ReturnType<typeof createStall>>;

function call(method: string, path: string, token?: string, body?: unknown) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const report = (trailId: string, token?: string, body: unknown = { reason: "spam" }) =>
  call("POST", `/trails/${trailId}/report`, token, body);

const openReportsOf = async (trailId: string) =>
  db
    .select({ reason: reports.reason, details: reports.details })
    .from(reports)
    .innerJoin(
      trails,
      and(eq(reports.subjectType, "trail"), eq(sql`CAST(${reports.subjectId} AS INTEGER)`, trails.id)),
    )
    .where(and(eq(trails.publicId, trailId), isNull(reports.decidedAt)))
    .orderBy(reports.id);

const queue = async (moderator: User, query = "") =>
  json<QueuePage<ReportedTrail>>(await call("GET", `/moderation/trails${query}`, moderator.token), 200);

let stalls: Stall[];
let author: User;
let reader: User;
let other: User;
let unconfirmed: User;
let moderator: User;

/** A public community trail by the author unless told otherwise, through the two stalls near Koramangala. */
const trailBy = (user: User | null, overrides: Parameters<typeof createFoodTrail>[2] = {}) =>
  createFoodTrail(env, stalls, { authorId: user?.id ?? null, ...overrides });

beforeAll(async () => {
  stalls = [
    await createStall(env, { latitude: 12.9352, longitude: 77.6245, location: "Koramangala, Bangalore" }),
    await createStall(env, { latitude: 12.9361, longitude: 77.6258, location: "Koramangala, Bangalore" }),
  ];
  [author, reader, other, unconfirmed, moderator] = await Promise.all([
    createSignedInUser(env, { fullName: "Asha Author" }),
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env, { verified: false }),
    createSignedInUser(env, { role: "moderator" }),
  ]);
});

describe("POST /api/trails/:id/report", () => {
  it("refuses bad input with 400, naming the field, and stores nothing", async () => {
    const trail = await trailBy(author);
    for (const [body, field] of [
      [{}, "reason"],
      [{ reason: "boring" }, "reason"],
      [{ reason: 3 }, "reason"],
      [{ reason: "spam", details: 42 }, "details"],
      [{ reason: "spam", details: "x".repeat(1001) }, "details"],
      [{ reason: "other" }, "details"],
      [{ reason: "other", details: "   " }, "details"],
    ] as const) {
      const answer = await json<{ error: string; field?: string }>(
        await report(trail, reader.token, body),
        400,
      );
      expect(answer.field ?? answer.error, JSON.stringify(body)).toContain(field);
    }
    await json(await report("not an id!", reader.token), 400);
    expect(await openReportsOf(trail)).toEqual([]);
  });

  it("needs a signed-in reporter with a confirmed address", async () => {
    const trail = await trailBy(author);
    await json(await report(trail), 401);
    const refused = await json<{ error: string }>(await report(trail, unconfirmed.token), 403);
    expect(refused.error).toMatch(/confirm your e-mail/);
    expect(await openReportsOf(trail)).toEqual([]);
  });

  it("takes someone else's public community trail only: own and curated 403, private and unknown 404", async () => {
    const own = await trailBy(author);
    expect((await json<{ error: string }>(await report(own, author.token), 403)).error).toBe(
      "You cannot report your own trail",
    );
    const curated = await trailBy(null, { curated: true });
    expect((await json<{ error: string }>(await report(curated, reader.token), 403)).error).toMatch(
      /Curated trails/,
    );
    const secret = await trailBy(author, { visibility: "private" });
    await json(await report(secret, reader.token), 404);
    await json(await report(secret, author.token), 403);
    await json(await report("no-such-trail", reader.token), 404);
    for (const trail of [own, curated, secret]) expect(await openReportsOf(trail)).toEqual([]);
  });

  it("keeps one report per person and trail: a repeat answers 200 and keeps the first reason", async () => {
    const trail = await trailBy(author);
    expect(
      await json(await report(trail, reader.token, { reason: "wrong_stalls", details: "Two are shut" }), 201),
    ).toEqual({ reported: true });
    expect(await json(await report(trail, reader.token, { reason: "offensive" }), 200)).toEqual({
      reported: true,
    });
    await json(await report(trail, other.token, { reason: "other", details: "An ad for one shop" }), 201);
    expect(await openReportsOf(trail)).toEqual([
      { reason: "wrong_stalls", details: "Two are shut" },
      { reason: "other", details: "An ad for one shop" },
    ]);
  });

  it(`allows ${DAILY_TRAIL_REPORT_LIMIT.limit} reports a day per person, then answers 429`, async () => {
    const busy = await createSignedInUser(env, { established: true });
    const reported: string[] = [];
    for (let i = 0; i < DAILY_TRAIL_REPORT_LIMIT.limit; i++) reported.push(await trailBy(author));
    // The day's reports already made, as the limit counts them.
    const rows = await db
      .select({ id: trails.id, publicId: trails.publicId })
      .from(trails)
      .where(eq(trails.authorId, author.id));
    const rowIds = rows.filter((row) => reported.includes(row.publicId)).map((row) => row.id);
    await db.insert(reports).values(
      rowIds.map((trailId) => ({
        subjectType: "trail" as const,
        subjectId: String(trailId),
        reporterId: busy.id,
        reason: "spam" as const,
      })),
    );
    const one = await trailBy(author);
    const refused = await json<{ error: string }>(await report(one, busy.token), 429);
    expect(refused.error).toBe(DAILY_TRAIL_REPORT_LIMIT.message);
    expect(await openReportsOf(one)).toEqual([]);
    // A repeat of a report made today is still answered kindly, not refused.
    await json(await report(reported[0] ?? "", busy.token), 200);
    // Reports older than a day do not count.
    await db
      .update(reports)
      .set({ createdAt: Date.now() - 25 * 60 * 60 * 1000 })
      .where(eq(reports.reporterId, busy.id));
    await json(await report(one, busy.token), 201);
  });
});

describe("the trails moderation queue", () => {
  it("is for moderators only: 401 for visitors, 403 for everyone else", async () => {
    const trail = await trailBy(author);
    await json(await call("GET", "/moderation/trails"), 401);
    await json(await call("GET", "/moderation/trails", reader.token), 403);
    await json(await call("POST", `/moderation/trails/${trail}/hide`, reader.token, { reason: "spam" }), 403);
    await json(await call("POST", "/moderation/trail-reports/1/keep", author.token), 403);
    const [row] = await db
      .select({ hiddenAt: trails.hiddenAt })
      .from(trails)
      .where(eq(trails.publicId, trail));
    expect(row?.hiddenAt).toBeNull();
  });

  it("lists each reported trail once with its reports; Hide needs a reason, closes them and hides the trail", async () => {
    const trail = await trailBy(author, {
      title: "Jayanagar sweets crawl",
      description: "Buy from my shop only",
    });
    await json(await report(trail, reader.token, { reason: "spam", details: "One shop's advert" }), 201);
    await json(await report(trail, other.token, { reason: "offensive" }), 201);
    const before = await countModerationQueues(db, "");

    const page = await queue(moderator, "?q=sweets+crawl");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      trail: {
        id: trail,
        title: "Jayanagar sweets crawl",
        area: "Koramangala, Bangalore",
        description: "Buy from my shop only",
        visibility: "public",
        stops: stalls.map((stall) => stall.name),
      },
      author: { name: "Asha Author" },
      reports: [
        { reason: "spam", details: "One shop's advert" },
        { reason: "offensive", details: "" },
      ],
    });
    // The search reads the area too, and the count follows the search.
    expect(
      (await queue(moderator, "?q=koramangala&sort=newest")).items.map((item) => item.trail.id),
    ).toContain(trail);
    expect((await countModerationQueues(db, "sweets crawl")).trails).toBe(1);
    expect((await countModerationQueues(db, "no such words")).trails).toBe(0);

    await json(await call("POST", `/moderation/trails/${trail}/hide`, moderator.token, {}), 400);
    await json(await call("POST", `/moderation/trails/${trail}/hide`, moderator.token, { reason: " " }), 400);
    await json(
      await call("POST", `/moderation/trails/${trail}/hide`, moderator.token, {
        reason: "Advertising a single shop",
      }),
      200,
    );
    const [hidden] = await db
      .select({ reason: trails.hiddenReason, by: trails.hiddenBy })
      .from(trails)
      .where(eq(trails.publicId, trail));
    expect(hidden).toEqual({ reason: "Advertising a single shop", by: moderator.id });
    expect(await openReportsOf(trail)).toEqual([]);
    expect((await queue(moderator, "?q=sweets+crawl")).items).toEqual([]);
    expect((await countModerationQueues(db, "")).trails).toBe(before.trails - 1);
    // Once hidden it cannot be hidden or reported again.
    await json(await call("POST", `/moderation/trails/${trail}/hide`, moderator.token, { reason: "x" }), 404);
    await json(await report(trail, moderator.token), 404);
  });

  it("Keep leaves the trail as it is and closes all its open reports; a second Keep is 409", async () => {
    const trail = await trailBy(author, { title: "Honest chaat walk" });
    await json(await report(trail, reader.token, { reason: "wrong_stalls" }), 201);
    await json(await report(trail, other.token, { reason: "spam" }), 201);
    const item = (await queue(moderator, "?q=honest+chaat")).items[0];
    expect(item?.reports).toHaveLength(2);
    await json(await call("POST", `/moderation/trail-reports/${item?.id}/keep`, moderator.token), 200);
    expect(await openReportsOf(trail)).toEqual([]);
    await json(await call("POST", `/moderation/trail-reports/${item?.id}/keep`, moderator.token), 409);
    await json(await call("POST", "/moderation/trail-reports/abc/keep", moderator.token), 400);
    await json(await call("GET", `/trails/${trail}`, reader.token), 200);
    // A kept trail's reporters do not report it twice; someone new can.
    await json(await report(trail, reader.token), 200);
    expect(await openReportsOf(trail)).toEqual([]);
  });

  it("pages by cursor without repeating or skipping, oldest first, and newest first when asked", async () => {
    const reporter = await createSignedInUser(env);
    const titles = Array.from({ length: TRAIL_REPORT_PAGE_SIZE + 3 }, (_, i) => `Paged trail ${i}`);
    for (const [i, title] of titles.entries()) {
      const trail = await trailBy(author, { title });
      const [row] = await db.select({ id: trails.id }).from(trails).where(eq(trails.publicId, trail));
      await db.insert(reports).values({
        subjectType: "trail",
        subjectId: String(row?.id ?? 0),
        reporterId: reporter.id,
        reason: "spam",
        createdAt: 1_000_000 + i,
      });
    }
    const first = await queue(moderator, "?q=Paged+trail");
    expect(first.items).toHaveLength(TRAIL_REPORT_PAGE_SIZE);
    expect(first.previous).toBeNull();
    const second = await queue(moderator, `?q=Paged+trail&cursor=${first.next}`);
    expect([...first.items, ...second.items].map((item) => item.trail.title)).toEqual(titles);
    expect(second.next).toBeNull();
    const newest = await queue(moderator, "?q=Paged+trail&sort=newest");
    expect(newest.items[0]?.trail.title).toBe(titles.at(-1));
    await json(await call("GET", "/moderation/trails?sort=sideways", moderator.token), 400);
  });
});

describe("a hidden trail", () => {
  it("is gone for everyone but its author, who sees it was hidden and why", async () => {
    const trail = await trailBy(author, { title: "Hidden walk" });
    const kept = await trailBy(author, { title: "Kept walk" });
    await json(await report(trail, reader.token), 201);
    const version = await readPublicContentVersion(db);
    await json(
      await call("POST", `/moderation/trails/${trail}/hide`, moderator.token, {
        reason: "Spam: one shop's ads",
      }),
      200,
    );
    // No edge-cached page or list (ADR 017) outlives the decision.
    expect(await readPublicContentVersion(db)).toBeGreaterThan(version);

    for (const token of [undefined, reader.token, moderator.token]) {
      await json(await call("GET", `/trails/${trail}`, token), 404);
      await json(await call("GET", `/trails/${trail}.gpx`, token), 404);
    }
    await json(await call("PUT", `/trails/${trail}/save`, reader.token, { saved: true }), 404);
    await json(await call("POST", `/trails/${trail}/fork`, reader.token), 404);

    const mine = await json<TrailView>(await call("GET", `/trails/${trail}`, author.token), 200);
    expect(mine).toMatchObject({
      title: "Hidden walk",
      hidden_reason: "Spam: one shop's ads",
      editable: true,
    });
    const visible = await json<TrailView>(await call("GET", `/trails/${kept}`, reader.token), 200);
    expect(visible.hidden_reason).toBeNull();

    /** Every trail of a list, page after page. */
    const ids = async (query: string, token?: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const path: string = `/trails${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const answer = await json<{ data: TrailSummary[]; next_cursor: string | null }>(
          await call("GET", path, token),
          200,
        );
        seen.push(...answer.data.map((each) => each.id));
        cursor = answer.next_cursor;
      } while (cursor);
      return seen;
    };
    const near = `?near=${stalls[0]?.latitude},${stalls[0]?.longitude}&limit=50`;
    for (const query of ["?list=popular&limit=50", near]) {
      const listed = await ids(query, reader.token);
      expect(listed, query).toContain(kept);
      expect(listed, query).not.toContain(trail);
    }
    // The author's own list keeps it, marked with the reason.
    const own = await json<{ data: TrailSummary[] }>(
      await call("GET", "/trails?list=mine&limit=50", author.token),
      200,
    );
    expect(own.data.find((each) => each.id === trail)?.hidden_reason).toBe("Spam: one shop's ads");
    expect(own.data.find((each) => each.id === kept)?.hidden_reason).toBeNull();
  });
});

// The trail page's Report dialog and the Trails tab of /moderation through the whole Worker (needs `npm run build`).
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

describe("the pages", () => {
  it("report from the trail page, hide from /moderation?tab=trails, and the author's page says why", async () => {
    const trail = await trailBy(author, { title: "Page report walk <b>now</b>" });
    const html = await (await page(`/food-trails/${trail}`, reader.token)).text();
    expect(html).toContain("Report</button>");
    // The author and a curated trail's readers get no Report button.
    expect(await (await page(`/food-trails/${trail}`, author.token)).text()).not.toContain("Report</button>");
    const curated = await trailBy(null, { curated: true });
    expect(await (await page(`/food-trails/${curated}`, reader.token)).text()).not.toContain(
      "Report</button>",
    );

    expect(
      (await page(`/food-trails/${trail}`, unconfirmed.token, { intent: "report", reason: "spam" })).status,
    ).toBe(403);
    expect(
      (await page(`/food-trails/${trail}`, reader.token, { intent: "report", reason: "other" })).status,
    ).toBe(400);
    const sent = await page(`/food-trails/${trail}`, reader.token, { intent: "report", reason: "spam" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Thanks! A moderator will look at your report.");
    const again = await page(`/food-trails/${trail}`, reader.token, {
      intent: "report",
      reason: "offensive",
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("You have reported this trail already.");
    expect(await openReportsOf(trail)).toEqual([{ reason: "spam", details: "" }]);

    expect((await page("/moderation?tab=trails", reader.token)).status).toBe(404);
    const queuePage = await page("/moderation?tab=trails&q=report+walk", moderator.token);
    expect(queuePage.status).toBe(200);
    const queueHtml = await queuePage.text();
    expect(queueHtml).toMatch(/Reported trails<span[^>]*>1<\/span>/);
    expect(queueHtml).toContain("Page report walk &lt;b&gt;now&lt;/b&gt;");
    expect(queueHtml).toContain("Spam or advertising");
    expect(queueHtml).toContain("Trail title or area");

    // The queue's one decision form names the trail's first open report.
    const [first] = await db
      .select({ id: reports.id })
      .from(reports)
      .innerJoin(trails, eq(sql`CAST(${reports.subjectId} AS INTEGER)`, trails.id))
      .where(and(eq(reports.subjectType, "trail"), eq(trails.publicId, trail)));
    const hide = { intent: "decide-report", report: String(first?.id), decision: "hide" };
    expect((await page("/moderation?index", moderator.token, hide)).status).toBe(400);
    const hidden = await page("/moderation?index", moderator.token, { ...hide, reason: "Not a real trail" });
    expect(hidden.status).toBe(200);
    expect((await page(`/food-trails/${trail}`, reader.token)).status).toBe(404);
    expect((await page(`/food-trails/${trail}`)).status).toBe(404);
    const authorHtml = await (await page(`/food-trails/${trail}`, author.token)).text();
    expect(authorHtml).toContain("Hidden by a moderator");
    expect(authorHtml).toContain("Reason: Not a real trail");
  });
});

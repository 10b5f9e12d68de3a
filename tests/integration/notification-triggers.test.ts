import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import {
  favourites,
  notifications,
  posts,
  reports,
  stallClaims,
  stalls,
  userAchievements,
} from "~/db/schema";
import type { NotificationPage } from "~/lib/schemas/notifications";
import { decideClaim } from "~/models/claim.server";
import { refreshHotScores } from "~/models/hot-score.server";
import { deleteExpiredNotifications } from "~/models/notification/notification.server";
import { removeReportedStall, resolveReport } from "~/models/report/report.server";
import { runScheduledJobs } from "../../workers/scheduled";
import { createFoodTrail, createSignedInUser, createStall, createUser } from "../factories";

// Each notification type written by its real trigger (issue 20), through the API where one exists and through the
// model for moderators' decisions and the scheduled job, against real D1 and KV: nobody told of their own act, a
// repeated trigger telling nobody again, switched-off types writing nothing, the bell's KV count equal to D1 after
// every writer, and retention deleting exactly the expired rows.

const db = getDb(env.DB);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Member = Awaited<ReturnType<typeof createSignedInUser>> & { username: string; name: string };

let serial = 0;
async function member(name = "member", language: "en" | "hi" = "en"): Promise<Member> {
  const user = await createSignedInUser(env);
  serial += 1;
  const username = `${name}_${serial}`;
  const fullName = `${name[0]?.toUpperCase()}${name.slice(1)} ${serial}`;
  await env.DB.prepare("UPDATE profiles SET username = ?, full_name = ?, language = ? WHERE user_id = ?")
    .bind(username, fullName, language, user.id)
    .run();
  return { ...user, username, name: fullName };
}

function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    env,
  );
}

async function json<T>(response: Response | Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function ok(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

/** A person's notification rows, oldest first. */
const rowsOf = (userId: string, type?: string) =>
  db
    .select({
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      subject: notifications.subject,
      actorId: notifications.actorId,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id)
    .then((rows) => rows.filter((row) => type === undefined || row.type === type));

async function unreadInD1(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND is_head = 1 AND read_at IS NULL",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Reads the bell once, so KV holds the count from before the next event: a writer that forgot to refresh it would
 * leave that stale value behind. */
async function warmBell(who: Member) {
  await json(call("GET", "/notifications/unread-count", { token: who.token }), 200);
}

/** The bell's count as KV holds it equals the unread items in D1. */
async function expectBellInStep(...people: { id: string }[]) {
  for (const person of people) {
    // The key notification.server.ts keeps the count under.
    const cached = await env.KV.get(`notifications:unread:${person.id}`);
    expect(cached, `KV count of ${person.id}`).toBe(String(await unreadInD1(person.id)));
  }
}

const mute = (who: Member, type: string) =>
  ok(call("PUT", "/notifications/settings", { token: who.token, body: { in_app: { [type]: false } } }));

async function stallRowId(shopUniqueId: string): Promise<number> {
  const [row] = await db.select({ id: stalls.id }).from(stalls).where(eq(stalls.shopUniqueId, shopUniqueId));
  return row?.id ?? 0;
}

async function newStall(overrides: Parameters<typeof createStall>[1] = {}) {
  const stall = await createStall(env, { discoveryTags: [], ...overrides });
  return { ...stall, id: await stallRowId(stall.shopUniqueId) };
}

describe("community notices from their triggers", () => {
  it("like (post and review), comment, mention and follow each tell once, never about your own act", async () => {
    const [author, fan] = await Promise.all([member("author"), member("fan")]);
    await Promise.all([warmBell(author), warmBell(fan)]);
    const post = await json<{ id: string }>(
      call("POST", "/posts", { token: author.token, body: { type: "tip", text: "Kachori at 8 sharp" } }),
      201,
    );

    // Your own like, comment and follow tell nobody; following yourself is refused.
    await ok(call("PUT", `/posts/${post.id}/like`, { token: author.token, body: { liked: true } }));
    await ok(call("POST", `/posts/${post.id}/comments`, { token: author.token, body: { text: "Mine" } }));
    await json(
      call("PUT", `/users/${author.username}/follow`, { token: author.token, body: { following: true } }),
      400,
    );
    expect(await rowsOf(author.id)).toEqual([]);

    for (let i = 0; i < 2; i++) {
      await ok(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }));
      await ok(
        call("PUT", `/users/${author.username}/follow`, { token: fan.token, body: { following: true } }),
      );
    }
    await ok(call("POST", `/posts/${post.id}/comments`, { token: fan.token, body: { text: "On my way" } }));
    await ok(
      call("POST", "/posts", {
        token: fan.token,
        body: { type: "tip", text: `Thanks @${author.username}, the kachori was worth it` },
      }),
    );

    const stall = await newStall();
    await ok(call("PUT", `/reviews/${stall.shopUniqueId}`, { token: author.token, body: { rating: 5 } }));
    const reviews = await json<{ items: { id: number }[] }>(
      call("GET", `/reviews/${stall.shopUniqueId}`),
      200,
    );
    const reviewId = reviews.items[0]?.id;
    await json(call("PUT", `/reviews/${reviewId}/like`, { token: author.token, body: { liked: true } }), 403);
    await ok(call("PUT", `/reviews/${reviewId}/like`, { token: fan.token, body: { liked: true } }));
    await ok(call("PUT", `/reviews/${reviewId}/like`, { token: fan.token, body: { liked: true } }));

    const rows = await rowsOf(author.id);
    expect(rows.map((row) => [row.type, row.subject, row.actorId])).toEqual([
      ["like", `post:${post.id}`, fan.id],
      ["follow", `user:${fan.id}`, fan.id],
      ["comment", `post:${post.id}`, fan.id],
      ["mention", expect.stringMatching(/^post:/), fan.id],
      ["like", `review:${reviewId}`, fan.id],
    ]);
    expect(await rowsOf(fan.id)).toEqual([]);
    await expectBellInStep(author, fan);
  });
});

describe("achievements from their triggers", () => {
  it("the tenth review earns 'critic' once, in the reviewer's language", async () => {
    const critic = await member("critic", "hi");
    await warmBell(critic);
    const places = await Promise.all(Array.from({ length: 11 }, () => newStall()));
    for (const [index, place] of places.entries()) {
      await ok(call("PUT", `/reviews/${place.shopUniqueId}`, { token: critic.token, body: { rating: 4 } }));
      const earned = await rowsOf(critic.id, "achievement");
      expect(earned, `after review ${index + 1}`).toHaveLength(index + 1 >= 10 ? 1 : 0);
      await expectBellInStep(critic);
    }
    // Editing a review adds nothing.
    await ok(
      call("PUT", `/reviews/${places[0]?.shopUniqueId}`, { token: critic.token, body: { rating: 2 } }),
    );
    const [notice] = await rowsOf(critic.id, "achievement");
    expect(notice).toMatchObject({ link: "/profile", subject: `user:${critic.id}` });
    expect(notice?.title).toContain("स्ट्रीट फ़ूड");
    expect(await rowsOf(critic.id, "achievement")).toHaveLength(1);
  });

  it("the first save of a trail by someone else earns its author 'trailblazer'; their own save earns nothing", async () => {
    const [author, saver, another] = await Promise.all([
      member("walker"),
      member("saver"),
      member("another"),
    ]);
    await Promise.all([warmBell(author), warmBell(saver)]);
    const stops = await Promise.all([newStall(), newStall()]);
    const trailId = await createFoodTrail(env, stops, { authorId: author.id });

    await ok(call("PUT", `/trails/${trailId}/save`, { token: author.token, body: { saved: true } }));
    expect(await rowsOf(author.id)).toEqual([]);
    expect(await db.select().from(userAchievements).where(eq(userAchievements.userId, author.id))).toEqual(
      [],
    );

    await ok(call("PUT", `/trails/${trailId}/save`, { token: saver.token, body: { saved: true } }));
    await expectBellInStep(author);
    // Unsaving, saving again and a third person's save tell nobody again.
    await ok(call("PUT", `/trails/${trailId}/save`, { token: saver.token, body: { saved: false } }));
    await ok(call("PUT", `/trails/${trailId}/save`, { token: saver.token, body: { saved: true } }));
    await ok(call("PUT", `/trails/${trailId}/save`, { token: another.token, body: {} }));
    const rows = await rowsOf(author.id);
    expect(rows).toEqual([
      expect.objectContaining({
        type: "achievement",
        title: "You earned the Trailblazer badge",
        actorId: null,
      }),
    ]);
    expect(await rowsOf(saver.id)).toEqual([]);
    await expectBellInStep(author, saver);
  });

  it("a switched-off type earns the badge but writes no notice", async () => {
    const [author, saver] = await Promise.all([member("quiet"), member("saver")]);
    await mute(author, "achievement");
    const trailId = await createFoodTrail(env, await Promise.all([newStall(), newStall()]), {
      authorId: author.id,
    });
    await ok(call("PUT", `/trails/${trailId}/save`, { token: saver.token, body: { saved: true } }));
    expect(await rowsOf(author.id)).toEqual([]);
    expect(
      (await db.select().from(userAchievements).where(eq(userAchievements.userId, author.id))).map(
        (row) => row.achievement,
      ),
    ).toEqual(["trailblazer"]);
  });
});

describe("stall updates from moderators' decisions", () => {
  const claimBody = { name: "Ramesh Kumar", phone: "+91 98765 43210", reason: "I have run it since 2009" };

  async function claimOf(who: Member, stall: { id: number; shopUniqueId: string }) {
    await json(
      call("POST", `/shop/${stall.shopUniqueId}/claims`, { token: who.token, body: claimBody }),
      201,
    );
    const [claim] = await db
      .select({ id: stallClaims.id })
      .from(stallClaims)
      .where(eq(stallClaims.userId, who.id));
    return claim?.id ?? 0;
  }

  it("a claim decided tells the claimant once, in their language, linking to the stall", async () => {
    const [owner, rejected, moderator] = await Promise.all([
      member("owner"),
      member("hopeful", "hi"),
      createUser(env, { role: "moderator" }),
    ]);
    await Promise.all([warmBell(owner), warmBell(rejected)]);
    const [first, second] = await Promise.all([
      newStall({ name: "Ramesh Dosa" }),
      newStall({ name: "Sita Chai" }),
    ]);

    const approved = await claimOf(owner, first);
    await decideClaim(db, env.KV, approved, { approve: true, moderatorId: moderator.id });
    await expect(
      decideClaim(db, env.KV, approved, { approve: false, moderatorId: moderator.id }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await rowsOf(owner.id)).toEqual([
      {
        type: "stall_update",
        title: 'Your claim on "Ramesh Dosa" was approved',
        body: "The stall is verified now and shows you as its owner.",
        link: `/stall/${first.shopUniqueId}`,
        subject: `stall:${first.id}`,
        actorId: null,
      },
    ]);

    const turnedDown = await claimOf(rejected, second);
    await decideClaim(db, env.KV, turnedDown, { approve: false, moderatorId: moderator.id });
    await expect(
      decideClaim(db, env.KV, turnedDown, { approve: false, moderatorId: moderator.id }),
    ).rejects.toMatchObject({ status: 409 });
    const rows = await rowsOf(rejected.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "stall_update", subject: `stall:${second.id}` });
    expect(rows[0]?.title).toBe('"Sita Chai" पर आपका दावा मंज़ूर नहीं हुआ');
    await expectBellInStep(owner, rejected);
  });

  it("a 'moved' report resolved tells everyone who saved the stall once; deleted and switched-off people hear nothing", async () => {
    const [reporter, fan, hindiFan, muted, gone, stranger, moderator] = await Promise.all([
      member("reporter"),
      member("fan"),
      member("fan", "hi"),
      member("muted"),
      member("gone"),
      member("stranger"),
      createUser(env, { role: "moderator" }),
    ]);
    const stall = await newStall({ name: "Moving Momos" });
    for (const who of [fan, hindiFan, muted, gone]) {
      await ok(
        call("PUT", "/profile/favorites", { token: who.token, body: { stallId: stall.shopUniqueId } }),
      );
      await warmBell(who);
    }
    await mute(muted, "stall_update");
    await env.DB.prepare("UPDATE users SET deleted_at = ? WHERE id = ?").bind(Date.now(), gone.id).run();

    const report = async (kind: "moved" | "wrong_hours") => {
      await json(
        call("POST", `/shop/${stall.shopUniqueId}/reports`, {
          token: reporter.token,
          body: { kind, details: "Now opposite the metro gate" },
        }),
        201,
      );
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.reason, kind))
        .orderBy(reports.id);
      return row?.id ?? 0;
    };
    // A report of another kind tells nobody.
    await resolveReport(db, env.KV, await report("wrong_hours"), moderator.id);
    expect(await rowsOf(fan.id)).toEqual([]);

    const moved = await report("moved");
    await resolveReport(db, env.KV, moved, moderator.id);
    await expect(resolveReport(db, env.KV, moved, moderator.id)).rejects.toMatchObject({ status: 409 });
    expect(await rowsOf(fan.id)).toEqual([
      {
        type: "stall_update",
        title: '"Moving Momos", a stall you saved, was reported moved',
        body: "A moderator checked the report. See the stall's page for where to find it now.",
        link: `/stall/${stall.shopUniqueId}`,
        subject: `stall:${stall.id}`,
        actorId: null,
      },
    ]);
    expect((await rowsOf(hindiFan.id)).map((row) => row.title)).toEqual([
      'आपका सेव किया ठेला "Moving Momos" कहीं और चला गया है, ऐसी रिपोर्ट आई है',
    ]);
    for (const who of [muted, gone, stranger, reporter]) expect(await rowsOf(who.id)).toEqual([]);
    await expectBellInStep(fan, hindiFan, muted);

    // A second report of the same move, resolved within the week, tells nobody again.
    await env.DB.prepare("DELETE FROM reports WHERE id = ?").bind(moved).run();
    await resolveReport(db, env.KV, await report("moved"), moderator.id);
    expect(await rowsOf(fan.id, "stall_update")).toHaveLength(1);
  });

  it("'Remove stall' on a 'closed' report tells everyone who saved it, and the inbox shows the stall as removed", async () => {
    const [reporter, fan] = await Promise.all([member("reporter"), member("fan")]);
    const stall = await newStall({ name: "Shut Shawarma" });
    await ok(call("PUT", "/profile/favorites", { token: fan.token, body: { stallId: stall.shopUniqueId } }));
    await warmBell(fan);
    await json(
      call("POST", `/shop/${stall.shopUniqueId}/reports`, {
        token: reporter.token,
        body: { kind: "closed", details: "" },
      }),
      201,
    );
    const [report] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.subjectType, "stall"), eq(reports.subjectId, String(stall.id))));

    const moderator = await createUser(env, { role: "moderator" });
    await removeReportedStall(db, env.KV, env.PHOTOS, report?.id ?? 0, moderator.id);
    await expect(
      removeReportedStall(db, env.KV, env.PHOTOS, report?.id ?? 0, moderator.id),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await db.select().from(stalls).where(eq(stalls.id, stall.id))).toEqual([]);
    expect(await db.select().from(favourites).where(eq(favourites.stallId, stall.id))).toEqual([]);
    expect(await rowsOf(fan.id)).toEqual([
      expect.objectContaining({
        type: "stall_update",
        title: '"Shut Shawarma", a stall you saved, has closed for good',
        subject: `stall:${stall.id}`,
      }),
    ]);
    await expectBellInStep(fan);
    const page = await json<NotificationPage>(call("GET", "/notifications", { token: fan.token }), 200);
    expect(page.data[0]?.subject).toMatchObject({ kind: "stall", removed: true });
    expect(page.data[0]?.href).toBeNull();
  });
});

describe("trending from the hourly job", () => {
  it("tells a stall's submitter and a post's author when theirs enters the top list, once a week at most", async () => {
    const [submitter, author, quiet] = await Promise.all([
      member("submitter"),
      member("author"),
      member("quiet"),
    ]);
    await Promise.all([warmBell(submitter), warmBell(author)]);
    await mute(quiet, "trending");
    const now = Date.now();
    const stall = await newStall({ name: "Busy Bhel", createdBy: submitter.id });
    // Three pinned posts this week: 9 points, above anything the other tests of this file leave.
    for (let i = 0; i < 3; i++) {
      await db.insert(posts).values({
        publicId: `trend-stall-${i}`,
        userId: quiet.id,
        type: "tip",
        body: "Bhel here",
        stallId: stall.id,
        createdAt: now - HOUR,
      });
    }
    // Written before the job scored them (hot_score 0): out of every top list until it runs.
    const insertHotPost = (publicId: string, userId: string) =>
      db.insert(posts).values({
        publicId,
        userId,
        type: "tip",
        body: "Queue round the block",
        likeCount: 900,
        hotScore: 0,
        createdAt: now - HOUR,
      });
    await insertHotPost("trend-post-mine", author.id);
    await insertHotPost("trend-post-muted", quiet.id);

    const run = await refreshHotScores(db, env.KV, now);
    expect(run.told).toBe(2);
    expect(await rowsOf(submitter.id)).toEqual([
      {
        type: "trending",
        title: 'Your stall "Busy Bhel" is trending this week',
        body: "It is on Home's Trending This Week.",
        link: `/stall/${stall.shopUniqueId}`,
        subject: `stall:${stall.id}`,
        actorId: null,
      },
    ]);
    expect(await rowsOf(author.id)).toEqual([
      {
        type: "trending",
        title: "Your post is trending this week",
        body: "It is among the top posts on For You.",
        link: "/feed?post=trend-post-mine",
        subject: "post:trend-post-mine",
        actorId: null,
      },
    ]);
    expect(await rowsOf(quiet.id)).toEqual([]);
    await expectBellInStep(submitter, author);

    // Still in the top an hour later: not news.
    expect((await refreshHotScores(db, env.KV, now + HOUR)).told).toBe(0);
    // Out of the lists and back in within the week: told once already.
    await db.update(stalls).set({ trendingScore: 0 }).where(eq(stalls.id, stall.id));
    await db.update(posts).set({ hotScore: 0 }).where(eq(posts.publicId, "trend-post-mine"));
    expect((await refreshHotScores(db, env.KV, now + 2 * HOUR)).told).toBe(0);
    expect(await rowsOf(submitter.id)).toHaveLength(1);
    expect(await rowsOf(author.id)).toHaveLength(1);
  });
});

describe("retention", () => {
  it("deletes read notices after 90 days and unread ones after a year, and recounts the bell", async () => {
    const person = await member("keeper");
    const now = Date.now();
    const aged = (days: number, read: boolean) => ({
      userId: person.id,
      type: "stall_update" as const,
      title: `${days} days ${read ? "read" : "unread"}`,
      link: "/profile",
      subject: "stall:1",
      createdAt: now - days * DAY,
      readAt: read ? now - days * DAY + HOUR : null,
    });
    await db
      .insert(notifications)
      .values([aged(91, true), aged(89, true), aged(366, false), aged(364, false), aged(1, false)]);
    await warmBell(person);
    expect(await env.KV.get(`notifications:unread:${person.id}`)).toBe("3");

    const run = await deleteExpiredNotifications(db, env.KV, now);
    expect(run).toEqual({ deleted: 2, recounted: 1 });
    expect((await rowsOf(person.id)).map((row) => row.title).sort()).toEqual([
      "1 days unread",
      "364 days unread",
      "89 days read",
    ]);
    await expectBellInStep(person);

    // It is one of the scheduled jobs; a second run has nothing left to delete.
    await runScheduledJobs(env, now);
    expect(await rowsOf(person.id)).toHaveLength(3);
  });

  it("drains a backlog larger than one chunk", async () => {
    const person = await createUser(env);
    const now = Date.now();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5200)
       INSERT INTO notifications (user_id, type, title, created_at, read_at)
       SELECT ?1, 'like', 'Old like', ?2 - i, ?3 FROM n`,
    )
      .bind(person.id, now - 100 * DAY, now - 95 * DAY)
      .run();
    const run = await deleteExpiredNotifications(db, env.KV, now);
    expect(run.deleted).toBe(5200);
    expect(await rowsOf(person.id)).toEqual([]);
  });
});

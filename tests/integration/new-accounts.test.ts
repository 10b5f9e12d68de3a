import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { accountActions, posts, profiles, stalls as stallRows } from "~/db/schema";
import { DAY_MS } from "~/models/rate-limit.server";
import { trustLevelOf } from "~/models/trust.server";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";
import { sendToWorker } from "../worker-fetch";

// Issue 33 §4, new accounts earn trust (ADR 051): in its first day, or before anything of theirs was approved, an
// account has lower daily limits (each holding under a burst of 30 parallel requests through the Worker, answering
// 429 with Retry-After), shares no links and names at most 2 people in a post.

const db = getDb(env.DB);
type User = Awaited<ReturnType<typeof createSignedInUser>>;

let seq = 0;
async function insertPost(userId: string) {
  seq += 1;
  const publicId = `newacct-${seq}`;
  await db.insert(posts).values({ publicId, userId, type: "tip", body: `Post ${seq}` });
  return publicId;
}

const send = (method: string, path: string, token: string, body: unknown) =>
  sendToWorker(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Fires 30 requests at once; answers how many passed and how many were refused with 429 and Retry-After. */
async function burst(request: (i: number) => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => request(i)));
  const passed = answers.filter((answer) => answer.ok).length;
  const refused = answers.filter(
    (answer) => answer.status === 429 && Number(answer.headers.get("Retry-After")) > 0,
  ).length;
  return { passed, refused };
}

let stalls: { shopUniqueId: string }[];
let someone: string;
let someonesPost: string;

beforeAll(async () => {
  stalls = await Promise.all([createStall(env), createStall(env)]);
  someone = (await createSignedInUser(env)).id;
  someonesPost = await insertPost(someone);
});

describe("a new account's daily limits, under a burst of 30 parallel requests", () => {
  const cases: [string, number, number, (user: User, i: number) => Promise<Response>][] = [
    [
      "posts",
      5,
      30,
      (user, i) => send("POST", "/posts", user.token, { type: "tip", text: `Burst post ${i}` }),
    ],
    [
      "comments",
      20,
      30,
      (user, i) =>
        send("POST", `/posts/${someonesPost}/comments`, user.token, { text: `Burst comment ${i}` }),
    ],
    [
      "trails",
      3,
      30,
      (user, i) =>
        send("POST", "/trails", user.token, {
          title: `Burst trail ${i}`,
          stops: stalls.map((stall) => ({ stallId: stall.shopUniqueId })),
        }),
    ],
    [
      "reels begun",
      2,
      10,
      (user) => send("POST", "/reels/uploads", user.token, { size: 1000, type: "video/mp4" }),
    ],
    [
      "stalls added",
      3,
      20,
      // Far apart, so that none is taken for a look-alike of another.
      (user, i) =>
        send("POST", "/shop", user.token, {
          name: `Burst stall ${user.id.slice(0, 6)} ${i}`,
          description: "Steamed momos",
          category: "Street Food",
          location: "Koramangala, Bangalore",
          gps_coordinates: `(${(10 + i * 0.1).toFixed(6)},${(75 + i * 0.1).toFixed(6)})`,
          contact_number: "+91 98765 43210",
        }),
    ],
  ];
  it.each(cases)(
    "%s: %i for a new account, %i for an established one",
    async (_, newLimit, limit, request) => {
      const [fresh, established] = await Promise.all([
        createSignedInUser(env),
        createSignedInUser(env, { established: true }),
      ]);
      expect(await burst((i) => request(fresh, i))).toEqual({ passed: newLimit, refused: 30 - newLimit });
      expect((await burst((i) => request(established, i))).passed).toBe(limit);
    },
    30_000,
  );

  it("reports: 5 of posts and comments a day for a new account", async () => {
    const fresh = await createSignedInUser(env);
    const reported = await Promise.all(Array.from({ length: 30 }, () => insertPost(someone)));
    const answers = await burst((i) =>
      send("POST", "/reports", fresh.token, {
        subject_type: "post",
        subject_id: reported[i],
        reason: "spam",
      }),
    );
    expect(answers).toEqual({ passed: 5, refused: 25 });
  });
});

describe("a new account's daily reports of trails and stall issues, under a burst of 30", () => {
  it.each([
    ["trails", 5, (subject: string) => ({ subject_type: "trail", subject_id: subject, reason: "spam" })],
    [
      "stall issues",
      3,
      (subject: string) => ({ subject_type: "stall", subject_id: subject, reason: "closed" }),
    ],
  ] as const)("%s: %i", async (type, limit, body) => {
    const subjects =
      type === "trails"
        ? await Promise.all(
            Array.from({ length: 30 }, async () => {
              const [stall] = await db.select().from(stallRows).limit(1);
              return createFoodTrail(env, stall ? [stall] : [], { authorId: someone });
            }),
          )
        : (await Promise.all(Array.from({ length: 30 }, () => createStall(env)))).map(
            (stall) => stall.shopUniqueId,
          );
    const fresh = await createSignedInUser(env);
    const answers = await burst((i) => send("POST", "/reports", fresh.token, body(subjects[i] ?? "")));
    expect(answers).toEqual({ passed: limit, refused: 30 - limit });
  });
});

describe("what a new account may write", () => {
  it("refuses links in posts and comments beside the text; an established account may", async () => {
    const [fresh, established] = await Promise.all([
      createSignedInUser(env),
      createSignedInUser(env, { established: true }),
    ]);
    const refused = await json<{ error: string; field: string }>(
      await call("POST", "/posts", fresh.token, { type: "tip", text: "Deals at www.cheap-momos.in" }),
      400,
    );
    expect(refused).toEqual({
      error: "New accounts cannot share links yet. Please take the link out.",
      field: "text",
    });
    await json(
      await call("POST", `/posts/${someonesPost}/comments`, fresh.token, {
        text: "See https://spam.example",
      }),
      400,
    );
    await json(
      await call("POST", "/posts", established.token, { type: "tip", text: "Menu at www.cheap-momos.in" }),
      201,
    );
  });

  it("lets a new account mention at most 2 people in a post", async () => {
    const fresh = await createSignedInUser(env);
    await json(
      await call("POST", "/posts", fresh.token, { type: "tip", text: "With @asha_k and @ravi_m" }),
      201,
    );
    expect(
      await json(
        await call("POST", "/posts", fresh.token, {
          type: "tip",
          text: "With @asha_k, @ravi_m and @meena_s",
        }),
        400,
      ),
    ).toEqual({ error: "New accounts can mention up to 2 people in a post.", field: "text" });
  });
});

describe("the trust level rises and falls", () => {
  it("an upheld report against a basic member makes them new again", async () => {
    const member = await createSignedInUser(env, { established: true });
    await json(await call("POST", "/posts", member.token, { type: "tip", text: "See www.momo.in" }), 201);
    const moderator = await createSignedInUser(env, { role: "moderator" });
    const reporter = await createSignedInUser(env);
    const postId = await insertPost(member.id);
    await json(
      await call("POST", "/reports", reporter.token, {
        subject_type: "post",
        subject_id: postId,
        reason: "spam",
      }),
      201,
    );
    await json(
      await call("POST", `/moderation/posts/${postId}/hide`, moderator.token, { reason: "Spam" }),
      200,
    );
    await json(await call("POST", "/posts", member.token, { type: "tip", text: "See www.momo.in" }), 400);
  });

  it("a silence makes a basic member new again, through its lift and for the upheld window", async () => {
    const member = await createSignedInUser(env, { established: true });
    const username = `silenced_${member.id.slice(0, 8)}`;
    await db.update(profiles).set({ username }).where(eq(profiles.userId, member.id));
    const moderator = await createSignedInUser(env, { role: "moderator" });
    expect(await trustLevelOf(db, member.id)).toBe(1);
    const act = (action: string) =>
      call("POST", `/moderation/users/${username}/actions`, moderator.token, { action, reason: "Spam wave" });

    await json(await act("silence"), 201);
    expect(await trustLevelOf(db, member.id)).toBe(0);
    await json(await act("lift"), 201);
    expect(await trustLevelOf(db, member.id)).toBe(0);
    // Lifted, a new account's rules hold: no links yet.
    await json(await call("POST", "/posts", member.token, { type: "tip", text: "See www.momo.in" }), 400);

    // A silence given and ended before the window counts no more.
    const longAgo = Date.now() - 91 * DAY_MS;
    await db
      .update(accountActions)
      .set({ createdAt: longAgo, endedAt: longAgo })
      .where(eq(accountActions.userId, member.id));
    expect(await trustLevelOf(db, member.id)).toBe(1);
  });
});

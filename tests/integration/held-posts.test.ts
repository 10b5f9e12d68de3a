import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { moderationLog, notifications, posts, profiles } from "~/db/schema";
import type { PostPage, PostView } from "~/lib/schemas/community";
import { listPostsBy } from "~/models/post/post.server";
import { countModerationQueues, listHidden } from "~/models/report/report.server";
import { call, json } from "../api-call";
import { createSignedInUser } from "../factories";

// Issue 33 §4, the spam rules (ADR 051): the third copy of a text or link by one account within 24 hours, or the
// third new account posting it within an hour, is held: stored, seen by its author alone, telling nobody it mentions,
// until a moderator approves it from the Held tab (published, mentions told) or rejects it (removed, author told).

const db = getDb(env.DB);
type User = Awaited<ReturnType<typeof createSignedInUser>>;

const share = (user: User, text: string) => call("POST", "/posts", user.token, { type: "tip", text });

let moderator: User;
let reader: User;
beforeAll(async () => {
  [moderator, reader] = await Promise.all([
    createSignedInUser(env, { role: "moderator" }),
    createSignedInUser(env, { established: true }),
  ]);
});

async function named(user: User, username: string) {
  await db.update(profiles).set({ username }).where(eq(profiles.userId, user.id));
  return user;
}

async function shareThrice(user: User, text: string) {
  const first = await json<PostView>(await share(user, text), 201);
  const second = await json<PostView>(await share(user, `${text.toUpperCase()}!!`), 201);
  const third = await json<PostView>(await share(user, `  ${text}.`), 202);
  return { first, second, third };
}

const feedIds = async (user: User) =>
  (await json<PostPage>(await call("GET", "/feed?tab=for_you", user.token), 200)).data.map((post) => post.id);

const logged = (subjectId: string) =>
  db
    .select({ action: moderationLog.action, reason: moderationLog.reason, personId: moderationLog.personId })
    .from(moderationLog)
    .where(eq(moderationLog.subjectId, subjectId));

const toldAbout = (userId: string, type: "mention" | "stall_update", postId: string) =>
  db
    .select({ title: notifications.title })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        eq(notifications.subject, `post:${postId}`),
      ),
    );

describe("the same text by one account", () => {
  it("is held at the third copy in 24 hours, not before, and answers 202 with held", async () => {
    const author = await createSignedInUser(env, { established: true });
    const { first, second, third } = await shareThrice(author, "Best momos in Lajpat Nagar");
    expect([first.held, second.held, third.held]).toEqual([false, false, true]);
    expect(third.hidden_reason).toBe(
      "Posts like this one were shared many times, so a moderator checks it before others see it.",
    );
    // Another text by the same account is not held.
    expect((await json<PostView>(await share(author, "Chai at the corner is back"), 201)).held).toBe(false);
  });

  it("counts a link like a text: the same link with other words", async () => {
    const author = await createSignedInUser(env, { established: true });
    await json(await share(author, "Cheap deals www.momo-deals.in/today"), 201);
    await json(await share(author, "Fresh menu at https://momo-deals.in/today"), 201);
    const held = await json<PostView>(await share(author, "Try momo-deals.in/today!"), 202);
    expect(held.held).toBe(true);
  });

  it("is seen by its author alone: not in others' feed, profile or its thread", async () => {
    const author = await createSignedInUser(env, { established: true });
    const { first, third } = await shareThrice(author, "Follow me for free samosas");
    expect(await feedIds(reader)).toContain(first.id);
    expect(await feedIds(reader)).not.toContain(third.id);
    await json(await call("GET", `/posts/${third.id}`, reader.token), 404);
    await json(await call("GET", `/posts/${third.id}/comments`, reader.token), 404);
    await json(await call("GET", `/posts/${third.id}`), 404);
    const byAuthorToReader = await listPostsBy(db, { id: reader.id }, author.id);
    expect(byAuthorToReader.data.map((post) => post.id)).not.toContain(third.id);

    const own = await json<PostView>(await call("GET", `/posts/${third.id}`, author.token), 200);
    expect(own.held).toBe(true);
    const ownProfile = await listPostsBy(db, { id: author.id }, author.id);
    expect(ownProfile.data.find((post) => post.id === third.id)?.held).toBe(true);
  });
});

describe("the same text by several new accounts", () => {
  it("is held for the third new account within an hour", async () => {
    const accounts = await Promise.all([1, 2, 3].map(() => createSignedInUser(env)));
    const text = "Win a free thali, follow nukkad_deals";
    const answers = [];
    for (const account of accounts) answers.push((await share(account, text)).status);
    expect(answers).toEqual([201, 201, 202]);
  });
});

describe("the Held tab", () => {
  it("lists a held post with the counts the rule saw, counts it, and leaves it out of Hidden", async () => {
    const author = await createSignedInUser(env, { established: true });
    const { third } = await shareThrice(author, "Held tab spam text");
    const page = await json<{ items: { id: string; counts: unknown }[] }>(
      await call("GET", "/moderation/held?q=Held%20tab%20spam", moderator.token),
      200,
    );
    expect(page.items).toEqual([
      expect.objectContaining({ id: third.id, counts: { byAccount: 3, newAccounts: 0 } }),
    ]);
    expect((await countModerationQueues(db, "Held tab spam")).held).toBe(1);
    expect((await listHidden(db)).items.map((item) => item.preview)).not.toContainEqual(
      expect.objectContaining({ id: third.id }),
    );
    await json(await call("GET", "/moderation/held", reader.token), 403);
  });

  it("approving publishes it, tells the people it mentions and its author, and is logged", async () => {
    const author = await createSignedInUser(env, { established: true });
    const mentioned = await named(await createSignedInUser(env), "held_mention_1");
    const { third } = await shareThrice(author, "Ask @held_mention_1 about the golgappe");
    // Held: the person it names hears nothing yet (the first two copies told them of those two only).
    expect(await toldAbout(mentioned.id, "mention", third.id)).toEqual([]);

    await json(await call("POST", `/moderation/held/${third.id}/approve`, moderator.token), 200);
    expect(await feedIds(reader)).toContain(third.id);
    expect((await json<PostView>(await call("GET", `/posts/${third.id}`, author.token), 200)).held).toBe(
      false,
    );
    expect(await toldAbout(mentioned.id, "mention", third.id)).toHaveLength(1);
    expect(await toldAbout(author.id, "stall_update", third.id)).toEqual([
      { title: "Your post is published" },
    ]);
    expect(await logged(third.id)).toEqual([{ action: "approve_post", reason: "", personId: author.id }]);
    // Decided once: a second decision is refused.
    await json(await call("POST", `/moderation/held/${third.id}/approve`, moderator.token), 409);
  });

  it("rejecting removes it, tells its author why, and is logged", async () => {
    const author = await createSignedInUser(env, { established: true });
    const { third } = await shareThrice(author, "Reject me spam text");
    await json(
      await call("POST", `/moderation/held/${third.id}/reject`, moderator.token, { reason: "Repeated spam" }),
      200,
    );
    expect(await db.select().from(posts).where(eq(posts.publicId, third.id))).toEqual([]);
    await json(await call("GET", `/posts/${third.id}`, author.token), 404);
    expect(await toldAbout(author.id, "stall_update", third.id)).toEqual([
      { title: "Your post was not published" },
    ]);
    expect(await logged(third.id)).toEqual([
      { action: "reject_post", reason: "Repeated spam", personId: author.id },
    ]);
  });
});

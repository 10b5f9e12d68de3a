import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  moderationLog,
  postComments,
  posts,
  profiles,
  reviews,
  stallClaims,
  stalls,
  trails,
  users,
} from "~/db/schema";
import { roleChangeSql } from "../../scripts/lib/user-role-args";
import worker from "../../workers/app";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall, insertReel } from "../factories";

// The moderation log (ADR 047) through the API, against real D1: a decision appends its entry, only moderators read
// it, nothing edits or deletes one, and only an admin changes who moderates.

const db = getDb(env.DB);

interface LogPage {
  data: {
    id: number;
    action: string;
    subject: { type: string; id: string };
    reason: string;
    moderator: { id: string } | null;
    person: { id: string } | null;
  }[];
  next_cursor: string | null;
}

let seq = 0;
async function named(role: "user" | "moderator" | "admin") {
  const user = await createSignedInUser(env, { role });
  seq += 1;
  const username = `log_${role}_${seq}`;
  await db.update(profiles).set({ username }).where(eq(profiles.userId, user.id));
  return { ...user, username };
}

describe("the moderation log", () => {
  it("records a stall's rejection with who and why, and shows it to moderators only", async () => {
    const moderator = await named("moderator");
    const member = await named("user");
    const stall = await createStall(env, { status: "pending" });
    await json(
      await call("POST", `/moderation/stalls/${stall.shopUniqueId}/reject`, moderator.token, {
        reason: "Closed for good",
      }),
      200,
    );
    const page = await json<LogPage>(
      await call("GET", `/moderation/log?q=${stall.shopUniqueId}`, moderator.token),
      200,
    );
    expect(
      page.data.map(({ action, subject, reason, moderator }) => ({
        action,
        subject,
        reason,
        id: moderator?.id,
      })),
    ).toEqual([
      {
        action: "reject_stall",
        subject: { type: "stall", id: stall.shopUniqueId, name: stall.name, there: true },
        reason: "Closed for good",
        id: moderator.id,
      },
    ]);
    await json(await call("GET", "/moderation/log", member.token), 403);
    await json(await call("GET", "/moderation/log"), 401);
  });

  it("refuses to edit or delete an entry, even straight through D1, and keeps it as it was", async () => {
    const moderator = await named("moderator");
    const stall = await createStall(env, { status: "pending" });
    await json(
      await call("POST", `/moderation/stalls/${stall.shopUniqueId}/reject`, moderator.token, {
        reason: "Duplicate",
      }),
      200,
    );
    const [entry] = await db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.subjectId, stall.shopUniqueId));
    expect(entry?.reason).toBe("Duplicate");
    if (!entry) return;
    await expect(
      env.DB.prepare("UPDATE moderation_log SET reason = 'Nothing' WHERE id = ?").bind(entry.id).run(),
    ).rejects.toThrow();
    await expect(
      env.DB.prepare("DELETE FROM moderation_log WHERE id = ?").bind(entry.id).run(),
    ).rejects.toThrow();
    const [after] = await db.select().from(moderationLog).where(eq(moderationLog.id, entry.id));
    expect(after).toEqual(entry);
  });

  it("lets an admin, and no one else, grant and take the moderator role, each change logged", async () => {
    const admin = await named("admin");
    const moderator = await named("moderator");
    const member = await named("user");
    const role = async (who: string) =>
      (
        await db
          .select({ role: users.role })
          .from(users)
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(eq(profiles.username, who))
      )[0]?.role;

    await json(
      await call("PUT", `/moderation/users/${member.username}/role`, moderator.token, { role: "moderator" }),
      403,
    );
    expect(await role(member.username)).toBe("user");
    await json(
      await call("PUT", `/moderation/users/${member.username}/role`, admin.token, { role: "moderator" }),
      200,
    );
    expect(await role(member.username)).toBe("moderator");
    await json(
      await call("PUT", `/moderation/users/${member.username}/role`, admin.token, { role: "user" }),
      200,
    );
    expect(await role(member.username)).toBe("user");

    const page = await json<LogPage>(
      await call("GET", `/moderation/log?q=${member.username}`, admin.token),
      200,
    );
    expect(page.data.map(({ action, moderator }) => ({ action, id: moderator?.id }))).toEqual([
      { action: "revoke_moderator", id: admin.id },
      { action: "grant_moderator", id: admin.id },
    ]);
  });
});

// Every kind of moderation decision the issue names, one row each, through the API as a client makes it: each row
// prepares its subject (and any decision it needs first), then makes one decision, which must append exactly one
// entry naming the right actor, action, subject, person and reason.

type User = Awaited<ReturnType<typeof named>>;

let moderator: User;
let admin: User;
/** Past a new account's limits (ADR 051), so one reporter files every report of the table. */
let reporter: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  [moderator, admin, reporter] = await Promise.all([
    named("moderator"),
    named("admin"),
    createSignedInUser(env, { established: true }),
  ]);
});

interface Expected {
  action: string;
  subject: { type: string; id: string };
  person: string | null;
  reason: string;
  /** Who decided: the moderator, the admin, or no one (the command line). */
  actor?: "moderator" | "admin" | "command line";
}

/** A decision about to be made: the call that makes it, and the one entry it must leave. */
interface Decision {
  decide: () => Promise<unknown>;
  expected: Expected;
}

const ok = async (response: Response | Promise<Response>, status = 200) => json(await response, status);
const asModerator = (method: string, path: string, body?: unknown) =>
  call(method, `/moderation${path}`, moderator.token, body);

async function newPost(authorId: string) {
  seq += 1;
  const [row] = await db
    .insert(posts)
    .values({ publicId: `log-post-${seq}`, userId: authorId, type: "tip", body: `Log post ${seq}` })
    .returning({ id: posts.id, publicId: posts.publicId });
  if (!row) throw new Error("no post");
  return row;
}

async function newComment(authorId: string) {
  const post = await newPost(authorId);
  const [row] = await db
    .insert(postComments)
    .values({ postId: post.id, userId: authorId, body: `Log comment ${seq}` })
    .returning({ id: postComments.id });
  return String(row?.id);
}

async function newReview(authorId: string) {
  const stall = await createStall(env);
  const [found] = await db
    .select({ id: stalls.id })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
  const [row] = await db
    .insert(reviews)
    .values({ stallId: found?.id ?? 0, userId: authorId, rating: 1, body: "Log review" })
    .returning({ id: reviews.id });
  return String(row?.id);
}

async function newTrail(authorId: string) {
  const stops = await Promise.all([createStall(env), createStall(env)]);
  const publicId = await createFoodTrail(env, stops, { authorId });
  const [row] = await db.select({ id: trails.id }).from(trails).where(eq(trails.publicId, publicId));
  return { publicId, rowId: String(row?.id) };
}

/** A report by the table's reporter: its id, which the decision names. */
async function report(type: string, id: string, reason = "spam") {
  const { id: reportId } = await ok(
    call("POST", "/reports", reporter.token, { subject_type: type, subject_id: id, reason }),
    201,
  );
  return reportId as number;
}

const decision = (reportId: number, body: { decision: string; reason?: string }) =>
  ok(asModerator("POST", `/reports/${reportId}/decision`, body));

/** A reported subject's decision through the one report pipeline (ADR 046). */
function reportRow(
  type: "stall" | "review" | "post" | "comment" | "reel" | "trail" | "person",
  chosen: "keep" | "hide" | "remove",
  subject: (author: User) => Promise<{ reported: string; logged: string; reportReason?: string }>,
  reason = "",
): [string, () => Promise<Decision>] {
  return [
    `${chosen} a reported ${type}`,
    async () => {
      const author = await named("user");
      const { reported, logged, reportReason } = await subject(author);
      const reportId = await report(type, reported, reportReason);
      return {
        decide: () => decision(reportId, { decision: chosen, ...(reason ? { reason } : {}) }),
        expected: { action: `${chosen}_${type}`, subject: { type, id: logged }, person: author.id, reason },
      };
    },
  ];
}

const postSubject = async (author: User) => {
  const post = await newPost(author.id);
  return { reported: post.publicId, logged: post.publicId };
};
const commentSubject = async (author: User) => {
  const id = await newComment(author.id);
  return { reported: id, logged: id };
};
const reelSubject = async (author: User) => {
  const reel = await insertReel(env, author.id);
  return { reported: reel.id, logged: reel.id };
};
const trailSubject = async (author: User) => {
  const trail = await newTrail(author.id);
  return { reported: trail.publicId, logged: trail.publicId };
};
const reviewSubject = async (author: User) => {
  const id = await newReview(author.id);
  return { reported: id, logged: id };
};

/** A hidden subject shown again (the Hidden tab's Restore): hidden through its report first. */
function restoreRow(
  type: "post" | "comment" | "trail",
  subject: (author: User) => Promise<{ reported: string; logged: string; key: string }>,
): [string, () => Promise<Decision>] {
  return [
    `restore a hidden ${type}`,
    async () => {
      const author = await named("user");
      const { reported, logged, key } = await subject(author);
      await decision(await report(type, reported), { decision: "hide", reason: "Checking it" });
      return {
        decide: () => ok(asModerator("POST", `/hidden/${type}/${key}/restore`)),
        expected: { action: `restore_${type}`, subject: { type, id: logged }, person: author.id, reason: "" },
      };
    },
  ];
}

/** An action on an account (ADR 052); `first` is one it needs before (a lift needs a restriction). */
function accountRow(action: string, first?: string): [string, () => Promise<Decision>] {
  return [
    `${action} an account`,
    async () => {
      const person = await named("user");
      const act = (taken: string) =>
        ok(
          asModerator("POST", `/users/${person.username}/actions`, { action: taken, reason: `Log ${taken}` }),
          201,
        );
      if (first) await act(first);
      return {
        decide: () => act(action),
        expected: {
          action,
          subject: { type: "person", id: person.id },
          person: person.id,
          reason: `Log ${action}`,
        },
      };
    },
  ];
}

const DECISIONS: [string, () => Promise<Decision>][] = [
  [
    "approve a pending stall",
    async () => {
      const submitter = await named("user");
      const stall = await createStall(env, { status: "pending", createdBy: submitter.id });
      return {
        decide: () => ok(asModerator("POST", `/stalls/${stall.shopUniqueId}/approve`)),
        expected: {
          action: "approve_stall",
          subject: { type: "stall", id: stall.shopUniqueId },
          person: submitter.id,
          reason: "",
        },
      };
    },
  ],
  [
    "reject a pending stall",
    async () => {
      const submitter = await named("user");
      const stall = await createStall(env, { status: "pending", createdBy: submitter.id });
      return {
        decide: () =>
          ok(asModerator("POST", `/stalls/${stall.shopUniqueId}/reject`, { reason: "Not a stall" })),
        expected: {
          action: "reject_stall",
          subject: { type: "stall", id: stall.shopUniqueId },
          person: submitter.id,
          reason: "Not a stall",
        },
      };
    },
  ],
  ...(["approve", "reject"] as const).map((chosen): [string, () => Promise<Decision>] => [
    `${chosen} a claim`,
    async () => {
      const claimant = await named("user");
      const stall = await createStall(env);
      const [found] = await db
        .select({ id: stalls.id })
        .from(stalls)
        .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
      const [claim] = await db
        .insert(stallClaims)
        .values({
          stallId: found?.id ?? 0,
          userId: claimant.id,
          name: "Owner",
          phone: "9876543210",
          reason: "Mine",
        })
        .returning({ id: stallClaims.id });
      return {
        decide: () => ok(asModerator("POST", `/claims/${claim?.id}/${chosen}`)),
        expected: {
          action: `${chosen}_claim`,
          subject: { type: "claim", id: String(claim?.id) },
          person: claimant.id,
          reason: "",
        },
      };
    },
  ]),
  ...(["approve", "reject"] as const).map((chosen): [string, () => Promise<Decision>] => [
    `${chosen} a pending reel`,
    async () => {
      const author = await named("user");
      const reel = await insertReel(env, author.id, { status: "pending" });
      const reason = chosen === "reject" ? "Too dark" : "";
      return {
        decide: () => ok(asModerator("POST", `/reels/${reel.id}/${chosen}`, reason ? { reason } : undefined)),
        expected: {
          action: `${chosen}_reel`,
          subject: { type: "reel", id: reel.id },
          person: author.id,
          reason,
        },
      };
    },
  ]),
  reportRow("stall", "keep", async (author) => {
    const stall = await createStall(env, { createdBy: author.id });
    return { reported: stall.shopUniqueId, logged: stall.shopUniqueId, reportReason: "moved" };
  }),
  reportRow("stall", "remove", async (author) => {
    const stall = await createStall(env, { createdBy: author.id });
    return { reported: stall.shopUniqueId, logged: stall.shopUniqueId, reportReason: "closed" };
  }),
  reportRow("review", "keep", reviewSubject),
  reportRow("review", "remove", reviewSubject),
  reportRow("post", "keep", postSubject),
  reportRow("post", "hide", postSubject, "Advertising"),
  reportRow("comment", "keep", commentSubject),
  reportRow("comment", "hide", commentSubject, "Rude"),
  reportRow("reel", "keep", reelSubject),
  reportRow("reel", "remove", reelSubject, "Not food"),
  reportRow("trail", "keep", trailSubject),
  reportRow("trail", "hide", trailSubject, "Wrong stalls"),
  reportRow("person", "keep", async (author) => ({ reported: author.username, logged: author.id })),
  restoreRow("post", async (author) => {
    const post = await newPost(author.id);
    return { reported: post.publicId, logged: post.publicId, key: String(post.id) };
  }),
  restoreRow("comment", async (author) => {
    const id = await newComment(author.id);
    return { reported: id, logged: id, key: id };
  }),
  restoreRow("trail", async (author) => {
    const trail = await newTrail(author.id);
    return { reported: trail.publicId, logged: trail.publicId, key: trail.rowId };
  }),
  accountRow("warn"),
  accountRow("silence"),
  accountRow("suspend"),
  accountRow("remove_spam"),
  accountRow("lift", "silence"),
  [
    "grant the moderator role",
    async () => {
      const person = await named("user");
      return {
        decide: () =>
          ok(
            call("PUT", `/moderation/users/${person.username}/role`, admin.token, {
              role: "moderator",
              reason: "Helps",
            }),
          ),
        expected: {
          action: "grant_moderator",
          subject: { type: "person", id: person.id },
          person: person.id,
          reason: "Helps",
          actor: "admin",
        },
      };
    },
  ],
  [
    "take the moderator role",
    async () => {
      const person = await named("moderator");
      return {
        decide: () =>
          ok(call("PUT", `/moderation/users/${person.username}/role`, admin.token, { role: "user" })),
        expected: {
          action: "revoke_moderator",
          subject: { type: "person", id: person.id },
          person: person.id,
          reason: "",
          actor: "admin",
        },
      };
    },
  ],
  [
    "change a role on the command line",
    async () => {
      const person = await named("user");
      return {
        decide: () =>
          env.DB.batch(
            roleChangeSql({ id: person.id, role: "user" }, "admin").map((statement) =>
              env.DB.prepare(statement),
            ),
          ),
        expected: {
          action: "grant_moderator",
          subject: { type: "person", id: person.id },
          person: person.id,
          reason: "Command line: user to admin",
          actor: "command line",
        },
      };
    },
  ],
  [
    "add a dish alias",
    async () => {
      seq += 1;
      const alias = `logalias${seq}`;
      return {
        decide: () => ok(asModerator("POST", "/aliases", { dish: "pani puri", alias }), 201),
        expected: { action: "add_alias", subject: { type: "alias", id: "" }, person: null, reason: "" },
      };
    },
  ],
  [
    "remove a dish alias",
    async () => {
      seq += 1;
      const { id } = await ok(
        asModerator("POST", "/aliases", { dish: "pani puri", alias: `logalias${seq}` }),
        201,
      );
      return {
        decide: () => ok(asModerator("DELETE", `/aliases/${id}`)),
        expected: {
          action: "remove_alias",
          subject: { type: "alias", id: String(id) },
          person: null,
          reason: "",
        },
      };
    },
  ],
];

describe("every moderation decision is on the record", () => {
  it.each(DECISIONS)("%s: one entry, with who, what, the subject, the person and why", async (_, prepare) => {
    const { decide, expected } = await prepare();
    const before =
      (await json<LogPage>(await call("GET", "/moderation/log", moderator.token), 200)).data[0]?.id ?? 0;
    const answer = await decide();
    const page = await json<LogPage>(await call("GET", "/moderation/log", moderator.token), 200);
    const added = page.data.filter((entry) => entry.id > before);
    const actor = { moderator: moderator.id, admin: admin.id, "command line": undefined }[
      expected.actor ?? "moderator"
    ];
    // An alias is named by the row the decision added.
    const subjectId = expected.subject.id || String((answer as { id?: number }).id);
    expect(
      added.map((entry) => ({
        action: entry.action,
        subject: { type: entry.subject.type, id: entry.subject.id },
        person: entry.person?.id ?? null,
        reason: entry.reason,
        actor: entry.moderator?.id,
      })),
    ).toEqual([
      {
        action: expected.action,
        subject: { type: expected.subject.type, id: subjectId },
        person: expected.person,
        reason: expected.reason,
        actor,
      },
    ]);
  });
});

/** A page of the app through the whole Worker (build first), signed in by `token`, as a browser asks for it. */
async function onPage(token: string, path: string, form?: Record<string, string>) {
  const body = form ? new FormData() : undefined;
  for (const [name, value] of Object.entries(form ?? {})) body?.append(name, value);
  const ctx = createExecutionContext();
  const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: form ? "POST" : "GET",
      headers: { Origin: "http://127.0.0.1", Host: "127.0.0.1", Cookie: `nukkad_session=${token}` },
      body,
      redirect: "manual",
    }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, text: await response.text() };
}

describe("the person page's moderator role form", () => {
  it("is an admin's alone: it grants the role with a reason for the log; a moderator neither sees nor sends it", async () => {
    const person = await named("user");
    const page = `/moderation/people/${person.username}`;
    const grant = { intent: "role", role: "moderator", reason: "Knows the area" };
    expect((await onPage(admin.token, page)).text).toContain("Moderator role");
    const seen = await onPage(moderator.token, page);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain("Moderator role");

    expect((await onPage(moderator.token, `${page}.data`, grant)).status).toBe(403);
    const [before] = await db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
    expect(before?.role).toBe("user");

    expect((await onPage(admin.token, `${page}.data`, grant)).status).toBe(200);
    const [after] = await db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
    expect(after?.role).toBe("moderator");
    const log = await json<LogPage>(await call("GET", `/moderation/log?q=${person.id}`, admin.token), 200);
    expect(log.data.map(({ action, reason, moderator }) => ({ action, reason, by: moderator?.id }))).toEqual([
      { action: "grant_moderator", reason: "Knows the area", by: admin.id },
    ]);
  });
});

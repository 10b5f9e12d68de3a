import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { moderationLog, profiles, users } from "~/db/schema";
import { call, json } from "../api-call";
import { createSignedInUser, createStall } from "../factories";

// The moderation log (ADR 047) through the API, against real D1: a decision appends its entry, only moderators read
// it, nothing edits or deletes one, and only an admin changes who moderates.

const db = getDb(env.DB);

interface LogPage {
  data: {
    id: number;
    action: string;
    subject: { type: string; id: string };
    reason: string;
    moderator: { id: string };
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
      page.data.map(({ action, subject, reason, moderator: { id } }) => ({ action, subject, reason, id })),
    ).toEqual([
      {
        action: "reject_stall",
        subject: { type: "stall", id: stall.shopUniqueId, name: stall.name },
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
    expect(page.data.map(({ action, moderator: { id } }) => ({ action, id }))).toEqual([
      { action: "revoke_moderator", id: admin.id },
      { action: "grant_moderator", id: admin.id },
    ]);
  });
});

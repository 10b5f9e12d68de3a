// The person adapter: someone reported by their username, through the API only for now. Issue 33 (blocks and
// account actions) adds what a moderator decides about a person; until then their reports wait, stored.
import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { ReportSubject } from "./subject.server";

export const personSubject: ReportSubject = {
  type: "person",
  async find(db, username) {
    const [person] = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.username, username))
      .limit(1);
    return person ? { key: person.id, authorId: person.id } : null;
  },
  notFound: "User not found",
  own: { status: 400, message: "You cannot report yourself" },
  limit: null,
  againAfterKeep: true,
};

// The person adapter: someone reported by their username, through the API for now, listed in the People tab. Issue
// 33 (blocks and account actions) adds what else a moderator decides about a person; until then Keep closes the
// reports.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts, profiles, reports, reviews } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { holdsText } from "~/models/queue.server";
import { keepSubject, loggedRow } from "./reports.server";
import type { OpenSubject, ReportSubject } from "./subject.server";

/** A reported person as the People tab shows them. */
export interface PersonPreview {
  name: string;
  username: string | null;
  avatar_url: string | null;
  /** When their profile was made. */
  member_since: number;
  posts: number;
  reviews: number;
}

/** The people of a queue page, with how many posts and reviews each wrote (one indexed count each). */
async function loadPeople(db: Db, subjects: OpenSubject[]) {
  const ids = subjects.map((subject) => subject.key);
  const rows = await db
    .select({
      id: profiles.userId,
      name: profiles.fullName,
      username: profiles.username,
      avatar_url: profiles.avatarUrl,
      member_since: profiles.createdAt,
      posts: sql<number>`(SELECT count(*) FROM ${posts} WHERE ${posts.userId} = ${profiles.userId})`,
      reviews: sql<number>`(SELECT count(*) FROM ${reviews} WHERE ${reviews.userId} = ${profiles.userId})`,
    })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const byId = new Map(rows.map(({ id, ...person }) => [id, person]));
  return (subject: OpenSubject): PersonPreview | undefined => byId.get(subject.key);
}

/** How the log names a person: their name; they are whom it concerns. */
const loggedPerson = (key: string) =>
  loggedRow(profiles, eq(profiles.userId, key), {
    id: profiles.userId,
    name: profiles.fullName,
    person: profiles.userId,
  });

export const personSubject: ReportSubject<PersonPreview> = {
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
  logged: loggedPerson,
  queue: {
    tab: "people",
    // They stay while their account does; the search is their name or username.
    inQueue: (q) =>
      sql`EXISTS (SELECT 1 FROM ${profiles} WHERE ${profiles.userId} = ${reports.subjectId}
        ${q ? sql`AND (${holdsText(profiles.fullName, q)} OR ${holdsText(profiles.username, q)})` : sql``})`,
    load: loadPeople,
    decisions: { keep: null },
    async decide({ db }, moderatorId, { key }) {
      const [person] = await db
        .select({ name: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.userId, key))
        .limit(1);
      return keepSubject(
        db,
        moderatorId,
        { type: "person", key, logged: loggedPerson(key) },
        person?.name ?? "",
      );
    },
    said: { keep: msg("{name} stays; the reports about them are closed.") },
  },
};

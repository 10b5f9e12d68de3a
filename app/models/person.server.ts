import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { PersonView } from "~/lib/schemas/community";

// A person as every community list shows them (post and comment authors, followers, suggestions). A deleted account
// keeps a scrubbed profile (ADR 021): full_name 'Deleted user', no username, no avatar, so reading the profile is
// all it takes to show it as deleted, and no link to a public profile can be built for it.

/** The columns of a PersonView, for a select that joins `profiles` on the person's user id. */
export const personColumns = {
  id: profiles.userId,
  username: profiles.username,
  name: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

export interface PersonRow {
  id: string;
  username: string | null;
  name: string;
  avatarUrl: string | null;
}

export function personView(row: PersonRow): PersonView {
  return { id: row.id, username: row.username, name: row.name, avatar_url: row.avatarUrl };
}

/** The member with this username, for a select that joins `users` and `profiles`: usernames are stored lower-case,
 * and a deleted account is nobody's to find (its username is gone too; deleted_at says so outright). */
export function memberNamed(username: string) {
  return and(eq(profiles.username, username.trim().toLowerCase()), isNull(users.deletedAt));
}

/** What the app writes for this person by itself (a notification in the batch of someone's event): in the language
 * their account chose, else the default. */
export async function translatorOfPerson(db: Db, userId: string): Promise<Translate> {
  const [person] = await db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return translatorFor(isLanguage(person?.language) ? person.language : DEFAULT_LANGUAGE);
}

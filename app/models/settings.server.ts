import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { DisplayPreferences } from "~/lib/http/preferences";
import type { Language } from "~/lib/i18n/languages";
import type { MentionPolicy, ProfileVisibility } from "~/lib/rules/options";
import type { SettingChange } from "~/lib/schemas/settings";
import { forgetCachedSessions } from "./session.server";

/** What a profile keeps of its owner's settings (the theme is only ever a cookie). */
export interface StoredSettings extends DisplayPreferences {
  /** null: the browser's language decides. */
  language: Language | null;
  profileVisibility: ProfileVisibility;
  mentionPolicy: MentionPolicy;
}

export async function getSettings(db: Db, userId: string): Promise<StoredSettings | null> {
  const [row] = await db
    .select({
      language: profiles.language,
      units: profiles.units,
      homeCity: profiles.homeCity,
      profileVisibility: profiles.profileVisibility,
      mentionPolicy: profiles.mentionPolicy,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Saves the settings given (the others stay), and the language when given. */
export async function saveSettings(
  db: Db,
  kv: KVNamespace,
  userId: string,
  change: SettingChange & { language?: Language },
  now = Date.now(),
): Promise<void> {
  const columns = {
    units: change.units,
    homeCity: change.home_city,
    profileVisibility: change.profile_visibility,
    mentionPolicy: change.mention_policy,
    language: change.language,
  };
  // undefined leaves a column as it is; null (a home city given as null) clears it.
  if (Object.values(columns).every((value) => value === undefined)) return;
  await db
    .update(profiles)
    .set({ ...columns, updatedAt: now })
    .where(eq(profiles.userId, userId));
  // The language rides in the cached session (ADR 019); the others are read from the profile on each request.
  if (change.language !== undefined) await forgetCachedSessions(db, kv, userId);
}

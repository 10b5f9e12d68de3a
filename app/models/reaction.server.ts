import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { ModelError } from "~/models/model-error";

// A reaction is one person's mark on a thing (a like or a save of a post, a reel or a review): one row per person and
// thing, its count kept on the thing. Every kind is written the same way: the row's insert or delete and the recount
// from the rows in one batch (one transaction), so a burst of parallel likes leaves the count equal to the rows.

/**
 * Writes `change` (the mark's insert or delete), then `notices`, then `recount` (an update of the thing's count
 * returning `{ count }`) in one batch, answering the count after it. The notices come right after the change: they
 * read its changes(), so a like that inserted nothing tells nobody.
 */
export async function writeReaction(
  db: Db,
  change: BatchItem<"sqlite">,
  notices: BatchItem<"sqlite">[],
  recount: BatchItem<"sqlite">,
): Promise<number> {
  const results = await db.batch([change, ...notices, recount]);
  const [counted] = results[results.length - 1] as { count: number }[];
  return counted?.count ?? 0;
}

/** A like's notice title, in the language of the person told, with the liker's name as it is now. */
export async function likeTitle(
  db: Db,
  likerId: string,
  language: string | null,
  what: "post" | "review" | "reel",
) {
  const [liker] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, likerId))
    .limit(1);
  if (!liker) throw new ModelError(401, "Please log in first!");
  const t = translatorFor(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const name = liker.name;
  if (what === "post") return t("{name} liked your post", { name });
  if (what === "review") return t("{name} liked your review", { name });
  return t("{name} liked your reel", { name });
}

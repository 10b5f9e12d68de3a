import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { userAchievements, users } from "~/db/schema";
import type { Translate } from "~/lib/i18n/translate";
import {
  ACHIEVEMENT_RULES,
  type AchievementKey,
  type AchievementMeasure,
  achievementsMeasuring,
} from "~/lib/rules/achievements";
import { notice } from "./notification/notification.server";

// Achievements (issue 20): earned once, when a rule of app/lib/rules/achievements.ts first becomes true. The event
// that may make one true (a stall approved, a review written, a trail saved) carries these statements in its own
// batch: the earned row is inserted only when the count has reached the threshold and the row was not there, and
// the notice only when that insert happened.

/** How far a measure has got for a person, counted no further than `upTo` (all a threshold needs). */
function measured(measure: AchievementMeasure, userId: string, upTo: number): SQL {
  const rows: Record<AchievementMeasure, SQL> = {
    stalls_approved: sql`SELECT 1 FROM stalls WHERE created_by = ${userId} AND status = 'approved'`,
    reviews: sql`SELECT 1 FROM reviews WHERE user_id = ${userId}`,
    trail_saves_by_others: sql`SELECT 1 FROM trail_saves AS s JOIN trails AS t ON t.id = s.trail_id
      WHERE t.author_id = ${userId} AND s.user_id <> ${userId}`,
  };
  return sql`(SELECT count(*) FROM (${rows[measure]} LIMIT ${upTo}))`;
}

/**
 * The statements that award `userId` each achievement `measure` has now reached, with its notice in their
 * language (`t`), for the batch right after the event's own write.
 */
export function achievementStatements(
  db: Db,
  userId: string,
  measure: AchievementMeasure,
  t: Translate,
): BatchItem<"sqlite">[] {
  return achievementsMeasuring(measure).flatMap((key) => {
    const rule = ACHIEVEMENT_RULES[key];
    const award = db
      .insert(userAchievements)
      .select(
        db
          .select({
            userId: sql<string>`${userId}`.as("user_id"),
            achievement: sql<AchievementKey>`${key}`.as("achievement"),
            earnedAt: sql<number>`${Date.now()}`.as("earned_at"),
          })
          .from(users)
          .where(
            and(eq(users.id, userId), sql`${measured(measure, userId, rule.threshold)} >= ${rule.threshold}`),
          ),
      )
      .onConflictDoNothing();
    return [
      award,
      ...notice(db, {
        userId,
        actorId: null,
        type: "achievement",
        title: t("You earned the {badge} badge", { badge: t(rule.name) }),
        body: t(rule.description),
        link: "/profile",
        subject: `user:${userId}`,
        onlyAfterChange: true,
      }),
    ];
  });
}

/** The achievements a person has earned, for their badges. */
export async function earnedAchievements(db: Db, userId: string): Promise<AchievementKey[]> {
  const rows = await db
    .select({ achievement: userAchievements.achievement })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId));
  return rows.map((row) => row.achievement);
}

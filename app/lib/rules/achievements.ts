import { msg } from "~/lib/i18n/translate";

/** The achievements earned by doing something, each once (user_achievements); Explorer and Trusted Foodie are not
 * earned this way: every member is an Explorer, and a confirmed e-mail makes a Trusted Foodie. */
export const ACHIEVEMENT_KEYS = ["first_find", "local_guide", "critic", "trailblazer"] as const;
export type AchievementKey = (typeof ACHIEVEMENT_KEYS)[number];

/** What a rule counts: stalls of theirs a moderator approved, reviews they wrote, and saves of their trails by
 * other people. */
export type AchievementMeasure = "stalls_approved" | "reviews" | "trail_saves_by_others";

export interface AchievementRule {
  /** In English, the catalogue's key (ADR 019). */
  name: string;
  description: string;
  measure: AchievementMeasure;
  /** Earned when the measure first reaches this. */
  threshold: number;
}

export const ACHIEVEMENT_RULES: Record<AchievementKey, AchievementRule> = {
  first_find: {
    name: msg("First Find"),
    description: msg("Added a first stall"),
    measure: "stalls_approved",
    threshold: 1,
  },
  local_guide: {
    name: msg("Local Guide"),
    description: msg("Five stalls approved"),
    measure: "stalls_approved",
    threshold: 5,
  },
  critic: {
    name: msg("Street Food Critic"),
    description: msg("Wrote ten reviews"),
    measure: "reviews",
    threshold: 10,
  },
  trailblazer: {
    name: msg("Trailblazer"),
    description: msg("Someone else saved one of their Food Trails"),
    measure: "trail_saves_by_others",
    threshold: 1,
  },
};

export function achievementsMeasuring(measure: AchievementMeasure): AchievementKey[] {
  return ACHIEVEMENT_KEYS.filter((key) => ACHIEVEMENT_RULES[key].measure === measure);
}

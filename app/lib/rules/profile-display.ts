import { msg } from "~/lib/i18n/translate";
import { ACHIEVEMENT_KEYS, ACHIEVEMENT_RULES, type AchievementKey } from "./achievements";

/** A badge in English, the catalogue's keys (ADR 019): the API sends it so, and pages show it through t(). */
export interface Achievement {
  name: string;
  description: string;
}

/** Explorer for everyone, Trusted Foodie for a confirmed e-mail, then the achievements earned (in the rules'
 * order): an earned badge stays even if what earned it is later removed. */
export function achievements({
  earned,
  emailVerified,
}: {
  earned: readonly AchievementKey[];
  emailVerified: boolean;
}): Achievement[] {
  const badges: Achievement[] = [{ name: msg("Explorer"), description: msg("Joined the Nukkad community") }];
  if (emailVerified)
    badges.push({
      name: msg("Trusted Foodie"),
      description: msg("Confirmed their e-mail address"),
    });
  for (const key of ACHIEVEMENT_KEYS) {
    if (!earned.includes(key)) continue;
    const { name, description } = ACHIEVEMENT_RULES[key];
    badges.push({ name, description });
  }
  return badges;
}

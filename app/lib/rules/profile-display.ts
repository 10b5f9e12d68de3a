/** Initials for an avatar: the first letters of up to two words of the name, upper-case. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? "")
    .join("");
}

import { msg } from "~/lib/i18n/translate";

/** A badge in English, the catalogue's keys (ADR 019): the API sends it so, and pages show it through t(). */
export interface Achievement {
  name: string;
  description: string;
}

/** Explorer for everyone, and the ones earned by what the user has done; only stalls that went live count. */
export function achievements({
  stallsApproved,
  emailVerified,
}: {
  stallsApproved: number;
  emailVerified: boolean;
}): Achievement[] {
  const earned: Achievement[] = [{ name: msg("Explorer"), description: msg("Joined the Nukkad community") }];
  if (emailVerified)
    earned.push({
      name: msg("Trusted Foodie"),
      description: msg("Confirmed their e-mail address"),
    });
  if (stallsApproved >= 1) earned.push({ name: msg("First Find"), description: msg("Added a first stall") });
  if (stallsApproved >= 5)
    earned.push({ name: msg("Local Guide"), description: msg("Five stalls approved") });
  return earned;
}

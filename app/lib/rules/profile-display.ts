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
  const earned: Achievement[] = [{ name: "Explorer", description: "Joined the Nukkad community" }];
  if (emailVerified) earned.push({ name: "Trusted Foodie", description: "Confirmed their e-mail address" });
  if (stallsApproved >= 1) earned.push({ name: "First Find", description: "Added a first stall" });
  if (stallsApproved >= 5) earned.push({ name: "Local Guide", description: "Five stalls approved" });
  return earned;
}

import type { ProfileVisibility } from "./options";

/**
 * Whether `viewerId` sees only the header of a profile: its owner limited it to followers (Settings > Community)
 * and the viewer is neither them nor one of their followers. Visitors are never followers.
 */
export function isProfileLimited(
  profile: { id: string; visibility: ProfileVisibility },
  viewerId: string | null,
  viewerFollows: boolean,
): boolean {
  return profile.visibility === "followers" && viewerId !== profile.id && !viewerFollows;
}

import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blocks, follows, mutes, posts, profiles, reviews, stalls, users } from "~/db/schema";
import { achievements } from "~/lib/rules/profile-display";
import { isProfileLimited } from "~/lib/rules/profile-visibility";
import type { ProfileStats, PublicProfileView } from "~/lib/schemas/community";
import { earnedAchievements } from "~/models/achievement.server";
import { USER_NOT_FOUND } from "./follow.server";
import { ModelError } from "./model-error";
import { memberNamed, personColumns, personView } from "./person.server";

// Public profiles (/u/:username, GET /api/users/:username) and the stats every profile shows, the own one included.

const countOf = (query: ReturnType<typeof sql>) => sql<number>`(SELECT count(*) FROM ${query})`;

/**
 * A person's figures, each an indexed count read in one statement: posts not hidden (posts_user_created_idx),
 * followers and following (the two follows indexes), stalls added that went live (stalls_created_by_idx) and
 * reviews (reviews_user_idx).
 */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const [row] = await db
    .select({
      posts: countOf(sql`${posts} WHERE ${posts.userId} = ${userId} AND ${posts.hiddenAt} IS NULL`),
      followers: countOf(sql`${follows} WHERE ${follows.followeeId} = ${userId}`),
      following: countOf(sql`${follows} WHERE ${follows.followerId} = ${userId}`),
      stalls_added: countOf(
        sql`${stalls} WHERE ${stalls.createdBy} = ${userId} AND ${stalls.status} = 'approved'`,
      ),
      reviews: countOf(sql`${reviews} WHERE ${reviews.userId} = ${userId}`),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { posts: 0, followers: 0, following: 0, stalls_added: 0, reviews: 0 };
}

/**
 * The public profile of `username` as `viewer` sees it; 404 for an unknown username or a deleted account. When its
 * owner limited it to followers and the viewer is neither them nor a follower, it is `limited`: bio and location
 * are left out (name, picture, joining date, figures and achievements stay, as on the follow button's card). Someone
 * who blocked the viewer is not there for them (404, as an unknown username); someone the viewer blocked shows only
 * that header, marked `blocked`, so it can be unblocked (ADR 048).
 */
export async function getPublicProfile(
  db: Db,
  viewer: { id: string } | null,
  username: string,
): Promise<PublicProfileView> {
  const viewerId = viewer?.id ?? null;
  const [row] = await db
    .select({
      ...personColumns,
      bio: profiles.bio,
      location: profiles.location,
      joinedAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      visibility: profiles.profileVisibility,
      viewerFollows: viewerId
        ? sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewerId} AND ${follows.followeeId} = ${users.id})`
        : sql<number>`0`,
      blocksViewer: sql<number>`EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${users.id} AND ${blocks.subjectId} = ${viewerId})`,
      viewerBlocks: sql<number>`EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${viewerId} AND ${blocks.subjectId} = ${users.id})`,
      viewerMutes: sql<number>`EXISTS (SELECT 1 FROM ${mutes} WHERE ${mutes.actorId} = ${viewerId} AND ${mutes.subjectId} = ${users.id})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(memberNamed(username))
    .limit(1);
  if (!row || row.blocksViewer) throw new ModelError(404, USER_NOT_FOUND);
  const [stats, earned] = await Promise.all([profileStats(db, row.id), earnedAchievements(db, row.id)]);
  const viewerFollows = Boolean(row.viewerFollows);
  const blocked = Boolean(row.viewerBlocks);
  const limited = blocked || isProfileLimited(row, viewerId, viewerFollows);
  const other = viewerId !== null && viewerId !== row.id;
  return {
    ...personView(row),
    bio: limited ? null : row.bio,
    location: limited ? null : row.location,
    joined_at: new Date(row.joinedAt).toISOString(),
    stats,
    achievements: achievements({ earned, emailVerified: row.emailVerifiedAt !== null }),
    following: other ? viewerFollows : null,
    limited,
    blocked: other ? blocked : null,
    muted: other ? Boolean(row.viewerMutes) : null,
  };
}

import { StatTiles } from "~/components/layout/stat-tiles";
import { useT } from "~/components/use-t";
import type { ProfileStats } from "~/lib/schemas/community";

/**
 * A profile's five figures (profileStats()), on /profile and /u/:username alike. With `username`, Followers and
 * Following open their lists; `followers` replaces the count while a follow is on its way.
 */
export function ProfileStatsTiles({
  stats,
  username,
  followers = stats.followers,
}: {
  stats: ProfileStats;
  username: string | null;
  followers?: number;
}) {
  const t = useT();
  const list = (name: string, which: string) =>
    username ? { to: `/u/${encodeURIComponent(username)}/${which}`, name } : undefined;
  return (
    <StatTiles
      stats={[
        [t("Posts"), stats.posts],
        [
          t("Followers"),
          followers,
          list(t("{count, plural, one {# follower} other {# followers}}", { count: followers }), "followers"),
        ],
        [
          t("Following"),
          stats.following,
          list(
            t("Following {count, plural, one {# person} other {# people}}", { count: stats.following }),
            "following",
          ),
        ],
        [t("Stalls added"), stats.stalls_added],
        [t("Reviews"), stats.reviews],
      ]}
      look="tiles"
      className="mt-6 grid grid-cols-3 gap-2 text-center sm:grid-cols-5"
    />
  );
}

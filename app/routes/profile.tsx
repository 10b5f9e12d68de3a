import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Eye, LogOut, Pencil } from "lucide-react";
import { lazy, Suspense } from "react";
import { skipReloadForCardWrites } from "~/components/community/community-actions";
import { ResendConfirmation } from "~/components/confirm-email-notice";
import { OpenAndTags } from "~/components/page/open-and-tags";
import { ProfileHeader } from "~/components/page/profile-header";
import { Achievements } from "~/components/profile/achievements";
import { ProfileStatsTiles } from "~/components/profile/profile-stats";
import { ProfileTabs } from "~/components/profile/profile-tabs";
import { CompactStallCard } from "~/components/stall/compact-stall-card";
import { SavedStalls } from "~/components/trail/saved-stalls";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { achievements } from "~/lib/rules/profile-display";
import { earnedAchievements } from "~/models/achievement.server";
import { listFavourites } from "~/models/favourite.server";
import { listPostsBy, listSavedPosts } from "~/models/post/post.server";
import { getProfile } from "~/models/profile.server";
import { profileStats } from "~/models/public-profile.server";
import { listStallsByCreator } from "~/models/stall/stall.server";
import { requireUser } from "~/request/guards.server";

export const shouldRevalidate = skipReloadForCardWrites;

export const meta = pageMeta((t) => ({ title: pageTitle(t("Your profile")) }));

// The posts tabs bring the post cards (likes, comments, menus): they download when one is opened, not with the page.
const PostList = lazy(() =>
  import("~/components/community/post-list").then((module) => ({ default: module.PostList })),
);

const TABS = [
  { value: "stalls", label: msg("Stalls") },
  { value: "posts", label: msg("Posts") },
  { value: "saved", label: msg("Saved") },
  { value: "saved-posts", label: msg("Saved posts") },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db } = context;
  const url = new URL(request.url);
  const tab: Tab = TABS.find(({ value }) => value === url.searchParams.get("tab"))?.value ?? "stalls";
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const [profile, stalls, saved, stats, earned, posts] = await Promise.all([
    getProfile(db, viewer.id),
    listStallsByCreator(db, viewer.id),
    listFavourites(db, viewer.id),
    profileStats(db, viewer.id),
    earnedAchievements(db, viewer.id),
    tab === "posts"
      ? listPostsBy(db, viewer, viewer.id, cursor)
      : tab === "saved-posts"
        ? listSavedPosts(db, viewer.id, cursor)
        : null,
  ]);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  return {
    profile,
    tab,
    stalls,
    saved,
    posts,
    stats,
    // Stalls a moderator has not decided yet are counted apart from the ones added (which went live).
    waiting: stalls.filter((s) => s.status === "pending").length,
    badges: achievements({ earned, emailVerified: profile.email_verified }),
  };
}

/** The profile's one-line reminder; contributing pages explain at length (ConfirmEmailNotice). */
function ConfirmEmailReminder() {
  const t = useT();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
      <p className="flex-1">
        {t(
          "Confirm your e-mail address to add stalls, write reviews and send reports: the link is in your inbox.",
        )}
      </p>
      <ResendConfirmation
        buttonClassName="font-semibold underline disabled:opacity-60"
        statusClassName="w-full empty:hidden"
      />
    </div>
  );
}

const STATUS_TEXT = {
  pending: msg("Waiting for review"),
  approved: msg("Live"),
  rejected: msg("Not approved"),
} as const;

export default function ProfilePage() {
  const { profile, tab, stalls, saved, posts, stats, waiting, badges } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/signout";
  const t = useT();

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ProfileHeader
        person={{
          name: profile.full_name,
          username: profile.username,
          avatarUrl: profile.avatar_url,
          location: profile.location,
          joinedAt: profile.created_at,
        }}
        actions={
          <div className="flex flex-wrap gap-2">
            {profile.username ? (
              <Link
                to={`/u/${profile.username}`}
                className="inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm"
              >
                <Eye aria-hidden="true" className="size-4" /> {t("View public profile")}
              </Link>
            ) : null}
            <Link
              to="/complete-profile"
              className="inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm"
            >
              <Pencil aria-hidden="true" className="size-4" /> {t("Edit profile")}
            </Link>
            <Form method="post" action="/signout">
              <button
                type="submit"
                disabled={signingOut}
                className="inline-flex items-center gap-1 rounded-full border border-closed px-4 py-2 font-semibold text-closed text-sm disabled:opacity-60"
              >
                <LogOut aria-hidden="true" className="size-4" />{" "}
                {signingOut ? t("Signing Out...") : t("Sign Out")}
              </button>
            </Form>
          </div>
        }
      >
        {profile.bio ? <p className="mt-4 whitespace-pre-line">{profile.bio}</p> : null}
        {!profile.email_verified ? <ConfirmEmailReminder /> : null}
        <ProfileStatsTiles stats={stats} username={profile.username} />
        {waiting > 0 ? (
          <p className="mt-2 text-ink-muted text-sm">{t("{count} waiting for review", { count: waiting })}</p>
        ) : null}
        <Achievements badges={badges} />
      </ProfileHeader>

      <ProfileTabs
        tabs={TABS}
        current={tab}
        hrefOf={(value) => (value === "stalls" ? "/profile" : `/profile?tab=${value}`)}
      />

      {tab === "stalls" ? (
        stalls.length === 0 ? (
          <div className="mt-6 text-center text-ink-muted">
            <p>{t("You have not added a stall yet.")}</p>
            <Link to="/add-stall" className="mt-2 inline-block font-semibold text-primary-strong underline">
              {t("Add a Stall")}
            </Link>
          </div>
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {stalls.map((stall) => (
              <CompactStallCard key={stall.id} stall={stall}>
                <p className="text-sm">
                  <span className="font-semibold">{t(STATUS_TEXT[stall.status])}</span>
                  {stall.status === "rejected" && stall.status_reason ? `: ${stall.status_reason}` : null}
                </p>
                <OpenAndTags open={stall.status === "approved" ? stall.open_state : null} tags={stall.tags} />
              </CompactStallCard>
            ))}
          </ul>
        )
      ) : tab === "saved" ? (
        <SavedStalls saved={saved} />
      ) : posts ? (
        <div className="mt-6">
          <Suspense fallback={<p className="min-h-64 text-center text-ink-muted">{t("Loading...")}</p>}>
            <PostList
              key={tab}
              firstPage={posts}
              pageUrl={(cursor) =>
                `/profile/posts?list=${tab === "posts" ? "mine" : "saved"}&cursor=${encodeURIComponent(cursor)}`
              }
              label={tab === "posts" ? t("Your posts") : t("Saved posts")}
              empty={
                <p className="text-center text-ink-muted">
                  {tab === "posts" ? t("You have not posted yet.") : t("You have not saved a post yet.")}
                </p>
              }
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

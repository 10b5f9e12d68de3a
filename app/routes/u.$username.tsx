import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { Lock, Pencil } from "lucide-react";
import { BlockMuteActions } from "~/components/community/block-mute";
import { skipReloadForCardWrites } from "~/components/community/community-actions";
import { FollowButton } from "~/components/community/follow-button";
import { PostList } from "~/components/community/post-list";
import { FoodTrailCard } from "~/components/food-trail/food-trail-card";
import { OpenAndTags } from "~/components/page/open-and-tags";
import { ProfileHeader } from "~/components/page/profile-header";
import { Achievements } from "~/components/profile/achievements";
import { ProfileStatsTiles } from "~/components/profile/profile-stats";
import { ProfileTabs } from "~/components/profile/profile-tabs";
import { CompactStallCard } from "~/components/stall/compact-stall-card";
import { useT } from "~/components/use-t";
import { linkPreviewMeta } from "~/lib/http/link-preview";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { listTrailsBy } from "~/models/food-trail/food-trail.server";
import { listPostsBy } from "~/models/post/post.server";
import { getPublicProfile } from "~/models/public-profile.server";
import { listStallsByCreator } from "~/models/stall/stall.server";
import { notFoundPage } from "~/request/answers.server";

const TABS = [
  { value: "posts", label: msg("Posts") },
  { value: "stalls", label: msg("Stalls") },
  { value: "trails", label: msg("Trails") },
] as const;
type Tab = (typeof TABS)[number]["value"];

export const shouldRevalidate = skipReloadForCardWrites;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { db, origin } = context;
  const viewer = await context.viewer();
  const url = new URL(request.url);
  const tab: Tab = TABS.find(({ value }) => value === url.searchParams.get("tab"))?.value ?? "posts";
  const profile = await getPublicProfile(db, viewer ? { id: viewer.id } : null, params.username ?? "").catch(
    notFoundPage,
  );
  const signedIn = viewer !== null;
  const self = viewer?.id === profile.id;
  const ogImage = profile.avatar_url ? absoluteImageUrl(origin, profile.avatar_url) : null;
  if (profile.limited) return { profile, signedIn, self, tab, origin, ogImage, content: null };
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const content =
    tab === "posts"
      ? { tab, posts: await listPostsBy(db, viewer, profile.id, cursor) }
      : tab === "trails"
        ? { tab, trails: await listTrailsBy(db, viewer?.id ?? null, profile.id, { cursor }, new Date()) }
        : {
            tab,
            // A profile shows what went live; the ones waiting or refused are their author's business (/profile).
            stalls: (await listStallsByCreator(db, profile.id)).filter(
              (stall) => stall.status === "approved",
            ),
          };
  return { profile, signedIn, self, tab, origin, ogImage, content };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  if (!loaded) return [{ title: pageTitle(t("Oops! Page not found")) }];
  const { profile, origin, ogImage } = loaded;
  const title = profile.username ? `${profile.name} (@${profile.username})` : profile.name;
  const description =
    (!profile.limited && profile.bio) ||
    t("{name} shares street-food finds on Nukkad.", { name: profile.name });
  return linkPreviewMeta({
    title: pageTitle(title),
    heading: title,
    description,
    type: "profile",
    url: `${origin}/u/${profile.username}`,
    extra: profile.username ? [{ property: "profile:username", content: profile.username }] : [],
    image: ogImage,
    twitter: "summary",
  });
};

export default function PublicProfilePage() {
  const { profile, signedIn, self, tab, content } = useLoaderData<typeof loader>();
  const t = useT();
  const username = profile.username ?? "";
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ProfileHeader
        person={{
          name: profile.name,
          username,
          avatarUrl: profile.avatar_url,
          location: profile.location,
          joinedAt: profile.joined_at,
        }}
        actions={
          self ? (
            <Link
              to="/profile"
              className="inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm"
            >
              <Pencil aria-hidden="true" className="size-4" /> {t("Your profile")}
            </Link>
          ) : (
            <div className="flex flex-wrap gap-2">
              {profile.blocked ? null : (
                <FollowButton
                  username={username}
                  name={profile.name}
                  following={profile.following ?? false}
                  className="w-full justify-center px-4 py-2 sm:w-auto"
                />
              )}
              {signedIn ? (
                <BlockMuteActions
                  username={username}
                  name={profile.name}
                  blocked={profile.blocked ?? false}
                  muted={profile.muted ?? false}
                  look="buttons"
                />
              ) : null}
            </div>
          )
        }
      >
        {profile.bio ? <p className="mt-4 whitespace-pre-line break-words">{profile.bio}</p> : null}
        {profile.blocked ? (
          <p className="mt-4 rounded-lg bg-surface-muted p-3 text-sm">
            {t("You blocked {name}. Unblock them to see their profile again.", { name: profile.name })}
          </p>
        ) : null}
        {profile.limited && !profile.blocked ? (
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-surface-muted p-3 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {signedIn
              ? t(
                  "{name} shares their profile with followers only. Follow them to see their posts, stalls and trails.",
                  {
                    name: profile.name,
                  },
                )
              : t("{name} shares their profile with followers only. Sign in and follow them to see more.", {
                  name: profile.name,
                })}
          </p>
        ) : null}
        {/* A limited profile's lists are for its followers: its figures do not open them. */}
        <ProfileStatsTiles stats={profile.stats} username={profile.limited ? null : username} />
        <Achievements badges={profile.achievements} />
      </ProfileHeader>

      {content ? (
        <>
          <ProfileTabs
            tabs={TABS}
            current={tab}
            hrefOf={(value) => (value === "posts" ? `/u/${username}` : `/u/${username}?tab=${value}`)}
          />
          <ProfileTabContent content={content} name={profile.name} username={username} />
        </>
      ) : null}
    </div>
  );
}

type Content = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["content"]>;

function ProfileTabContent({
  content,
  name,
  username,
}: {
  content: Content;
  name: string;
  username: string;
}) {
  const t = useT();
  if (content.tab === "posts") {
    return (
      <div className="mt-6">
        <PostList
          key={username}
          firstPage={content.posts}
          pageUrl={(cursor) => `/u/${username}/posts?cursor=${encodeURIComponent(cursor)}`}
          label={t("Posts by {name}", { name })}
          empty={<Empty text={t("{name} has not posted yet.", { name })} />}
        />
      </div>
    );
  }
  if (content.tab === "trails") {
    const { data, next_cursor } = content.trails;
    return (
      <div className="mt-6">
        {data.length === 0 ? (
          <Empty text={t("{name} has not shared a trail yet.", { name })} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t("Trails by {name}", { name })}>
            {data.map((trail) => (
              <FoodTrailCard key={trail.id} trail={trail} />
            ))}
          </ul>
        )}
        {next_cursor ? (
          <Link
            to={`/u/${username}?tab=trails&cursor=${encodeURIComponent(next_cursor)}`}
            className="mt-4 inline-flex min-h-11 items-center rounded-full border border-border px-4 font-semibold text-sm"
          >
            {t("Older trails")}
          </Link>
        ) : null}
      </div>
    );
  }
  return content.stalls.length === 0 ? (
    <div className="mt-6">
      <Empty text={t("{name} has not added a stall yet.", { name })} />
    </div>
  ) : (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t("Stalls")}>
      {content.stalls.map((stall) => (
        <CompactStallCard key={stall.id} stall={stall}>
          <OpenAndTags open={stall.open_state} tags={stall.tags} />
        </CompactStallCard>
      ))}
    </ul>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className=" rounded-xl border border-border border-dashed p-6 text-center text-ink-muted">{text}</p>
  );
}

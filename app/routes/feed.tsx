import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { type LucideIcon, MapPinOff, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { skipReloadForCardWrites } from "~/components/community/community-actions";
import { FollowButton } from "~/components/community/follow-button";
import { PostCard } from "~/components/community/post-card";
import { PostComposer } from "~/components/community/post-composer";
import { PostList } from "~/components/community/post-list";
import { EnableNearby } from "~/components/enable-nearby";
import { EmptyState } from "~/components/layout/empty-state";
import { PageTitle } from "~/components/layout/page-shell";
import { LinkTabs } from "~/components/link-tabs";
import { LinkTabPanel, nearbyTabHref } from "~/components/page/link-tab-panel";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { linkPreviewMeta } from "~/lib/http/link-preview";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { mayContribute } from "~/lib/rules/contributor";
import { formatGps } from "~/lib/rules/geo";
import {
  type FeedTab,
  feedQuerySchema,
  NEARBY_RADIUS_KM,
  type PersonView,
  type PostPage,
  type PostView,
} from "~/lib/schemas/community";
import { postIdSchema } from "~/lib/schemas/post-id";
import { suggestPeople } from "~/models/follow.server";
import { ModelError } from "~/models/model-error";
import { getPost, readFeed } from "~/models/post/post.server";
import { queryParam } from "~/request/query.server";

// The component reads the schemas' module for types only: its values would bring zod into the page's JavaScript
// (the loader's parsing stays on the server). The Record names every tab, in the order shown.
const TAB_LABELS: Record<FeedTab, string> = {
  for_you: msg("For You"),
  following: msg("Following"),
  nearby: msg("Nearby"),
};
const FEED_TABS = Object.keys(TAB_LABELS) as FeedTab[];
const SUGGESTED_PEOPLE = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, origin } = context;
  const url = new URL(request.url);
  const viewer = await context.viewer();
  // A tab or position the URL gets wrong is read as none: the feed still opens (For You, or Nearby asking).
  const tab = queryParam(url, "tab", feedQuerySchema.shape.tab, "for_you");
  const near = queryParam(url, "near", feedQuerySchema.shape.near, undefined);
  const postParam = postIdSchema.safeParse(url.searchParams.get("post"));

  // Following needs someone to follow with; Nearby needs a position. Without them the page asks instead of reading.
  const readable = (tab !== "following" || viewer !== null) && (tab !== "nearby" || near !== undefined);
  const page: PostPage | null = readable ? await readFeed(db, viewer, { tab, near }) : null;
  const shared = postParam.success
    ? await getPost(db, viewer, postParam.data).catch((error: unknown) => {
        if (error instanceof ModelError && error.status === 404) return null;
        throw error;
      })
    : null;
  return {
    tab,
    // The position as the tabs' links and the pages after carry it.
    near: near ? formatGps(near) : null,
    page,
    shared,
    sharedMissing: postParam.success && shared === null,
    // Following with nobody's posts suggests people to follow.
    suggestions:
      viewer && tab === "following" && page?.data.length === 0
        ? await suggestPeople(db, viewer.id, SUGGESTED_PEOPLE)
        : [],
    emailConfirmed: viewer ? mayContribute(viewer) : false,
    nearbyKm: NEARBY_RADIUS_KM,
    origin,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  const title = pageTitle(t("Community Feed"));
  const description = t("Street-food finds, reviews and tips from the Nukkad community.");
  const shared = loaded?.shared;
  if (!loaded || !shared) return [{ title }, { name: "description", content: description }];
  // A shared post's link preview: who wrote it, its words and its first photo.
  const excerpt = shared.text.length > 200 ? `${shared.text.slice(0, 199)}…` : shared.text;
  const image = absoluteImageUrl(loaded.origin, shared.images[0] ?? null);
  const heading = t("{name} on Nukkad", { name: shared.author.name });
  return linkPreviewMeta({
    title: pageTitle(heading),
    heading,
    description: excerpt,
    type: "article",
    url: `${loaded.origin}/feed?post=${encodeURIComponent(shared.id)}`,
    image,
  });
};

// A like, save, report or comment changes one card, which shows the answer itself: reading the feed again for it
// would cost a D1 read per click and move posts under the reader's pointer.
export const shouldRevalidate = skipReloadForCardWrites;

const feedHref = (tab: FeedTab, near: string | null) => nearbyTabHref("/feed", tab, near);

export default function FeedPage() {
  const { tab, near, page, shared, sharedMissing, suggestions, emailConfirmed, nearbyKm } =
    useLoaderData<typeof loader>();
  const t = useT();
  // The reader's own new posts show first in For You and Following, whatever their order, until they leave the page.
  const [mine, setMine] = useState<PostView[]>([]);

  // Nearby is the server's rule over where stalls stand, newest first: a new post that belongs there already leads
  // the list the post's action reloads, and one that does not (no stall, or one far away) must not show there.
  const leading = [...(tab === "nearby" ? [] : mine), ...(shared ? [shared] : [])];
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-8">
      <PageTitle
        title={t("Community Feed")}
        subtitle={t("Street-food finds, reviews and tips from the Nukkad community.")}
      />
      <div className="mt-5">
        <PostComposer
          emailConfirmed={emailConfirmed}
          onPosted={(post) => setMine((posts) => [post, ...posts])}
        />
      </div>
      {sharedMissing ? (
        <p role="status" className="mt-4 rounded-xl bg-surface-muted p-3 text-sm">
          {t("That post is no longer available.")}
        </p>
      ) : null}
      <LinkTabs
        label={t("Feed")}
        idPrefix="feed"
        values={FEED_TABS}
        selected={tab}
        href={(value) => feedHref(value, near)}
        columns="grid-cols-3"
        className="mt-6"
      >
        {(value) => t(TAB_LABELS[value])}
      </LinkTabs>
      <LinkTabPanel idPrefix="feed" selected={tab} path="/feed" className="mt-4">
        {page ? (
          <PostList
            key={`${tab} ${near ?? ""}`}
            label={t(TAB_LABELS[tab])}
            firstPage={page}
            leading={leading}
            pageUrl={(cursor) =>
              `/feed/page?${new URLSearchParams({ tab, ...(near ? { near } : {}), cursor })}`
            }
            empty={<EmptyTab tab={tab} suggestions={suggestions} nearbyKm={nearbyKm} />}
          />
        ) : (
          <>
            {leading.length > 0 ? (
              <ul className="mb-4 space-y-4">
                {leading.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            ) : null}
            {tab === "following" ? <SignInToFollow /> : <AskLocation />}
          </>
        )}
      </LinkTabPanel>
    </div>
  );
}

/** What each tab says when it has no posts; the Nearby text names the radius (`{km}`). */
const EMPTY_TABS: Record<FeedTab, { icon: LucideIcon; title: string; text: string }> = {
  for_you: {
    icon: UserPlus,
    title: msg("No posts yet"),
    text: msg("Be the first to share a street-food find."),
  },
  following: {
    icon: Users,
    title: msg("No posts from people you follow"),
    text: msg("Follow people to see their finds here."),
  },
  nearby: {
    icon: MapPinOff,
    title: msg("No nearby posts"),
    text: msg("Nobody has posted about a stall within {km} km of you yet."),
  },
};

/** An empty tab; Following suggests people to follow under it. */
function EmptyTab({
  tab,
  suggestions,
  nearbyKm,
}: {
  tab: FeedTab;
  suggestions: PersonView[];
  nearbyKm: number;
}) {
  const t = useT();
  const { icon, title, text } = EMPTY_TABS[tab];
  return (
    <EmptyState icon={icon} title={t(title)} text={t(text, { km: nearbyKm })}>
      {suggestions.length > 0 ? (
        <section aria-labelledby="suggested-people" className="mt-5 text-left">
          <h3 id="suggested-people" className="font-semibold">
            {t("People to follow")}
          </h3>
          <ul className="mt-2 divide-y divide-border">
            {suggestions.map((person) => (
              <li key={person.id} className="flex items-center gap-3 py-2">
                <UserAvatar name={person.name} url={person.avatar_url} className="size-10 text-sm" />
                <div className="min-w-0 flex-1">
                  {person.username ? (
                    <Link
                      to={`/u/${encodeURIComponent(person.username)}`}
                      className="font-semibold hover:underline"
                    >
                      {person.name}
                    </Link>
                  ) : (
                    <span className="font-semibold">{person.name}</span>
                  )}
                  {person.username ? <p className="text-ink-muted text-sm">@{person.username}</p> : null}
                </div>
                {person.username ? (
                  <FollowButton username={person.username} name={person.name} following={false} />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </EmptyState>
  );
}

function SignInToFollow() {
  const t = useT();
  return (
    <EmptyState
      icon={Users}
      title={t("Sign in to see who you follow")}
      text={t("Following shows the posts of the people you follow.")}
    >
      <SignInLink className="mt-4 inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-foreground">
        {t("Sign in")}
      </SignInLink>
    </EmptyState>
  );
}

const LOCATION_DENIED = msg(
  "Location access is blocked for Nukkad. Allow it in your browser's settings to see posts nearby.",
);

/**
 * Nearby without a position: the spec's 'No nearby posts' / 'Enable location to see posts from your area', with a
 * button that asks the browser. A position already allowed is used at once, without asking.
 */
function AskLocation() {
  const t = useT();
  return (
    <EmptyState
      icon={MapPinOff}
      title={t("No nearby posts")}
      text={t("Enable location to see posts from your area")}
    >
      <EnableNearby href={(near) => feedHref("nearby", near)} denied={LOCATION_DENIED} whenAllowed />
    </EmptyState>
  );
}

import { Link } from "@remix-run/react";
import { MapPin } from "lucide-react";
import { ItemList } from "~/components/layout/item-list";
import { StripSection } from "~/components/layout/strip-section";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import type { PostView } from "~/lib/schemas/community";
import { postPath } from "./community-actions";
import { PostTime } from "./post-time";

/** Home's way into the feed: the newest posts as small cards, each opening on the feed, and the feed itself. */
export function CommunityStrip({ posts }: { posts: PostView[] }) {
  const t = useT();
  return (
    <StripSection
      id="from-the-community"
      title={t("From the community")}
      more={{ to: "/feed", label: t("Open the feed") }}
    >
      <ItemList
        items={posts}
        empty={t("Be the first to share a street-food find.")}
        // A phone scrolls the strip sideways (the next card peeks in); wider screens lay it out as a grid.
        className="-mx-4 mt-4 flex snap-x scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:px-0 lg:grid-cols-4 [&>li]:w-4/5 [&>li]:shrink-0 [&>li]:snap-start sm:[&>li]:w-auto"
      >
        {(post) => <StripCard post={post} />}
      </ItemList>
    </StripSection>
  );
}

function StripCard({ post }: { post: PostView }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      {/* A post without photos shows its stall's (or the neutral drawing): the cards of a row stay alike. */}
      <StallImage
        src={post.images[0] ?? post.stall?.thumbnail_image ?? null}
        alt=""
        className="aspect-[16/9] w-full bg-surface-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2 text-sm">
          <UserAvatar name={post.author.name} url={post.author.avatar_url} className="size-8 text-xs" />
          <span className="min-w-0 truncate font-semibold">{post.author.name}</span>
          <PostTime at={post.created_at} className="ml-auto shrink-0 text-ink-muted text-xs" />
        </div>
        {/* The whole card opens the post; the text names the link. */}
        <Link
          to={postPath(post.id)}
          className="line-clamp-3 after:absolute after:inset-0 after:content-[''] hover:underline"
        >
          {post.text}
        </Link>
        {post.stall ? (
          <p className="mt-auto flex items-center gap-1 text-ink-muted text-sm">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="truncate">{post.stall.name}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

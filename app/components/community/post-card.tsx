import { Link } from "@remix-run/react";
import { Bookmark, EyeOff, Heart, MessageCircle, Share2, Store } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { LoadingForm } from "~/components/form/loading-form";
import { ShareButton } from "~/components/share-button";
import { useT } from "~/components/use-t";
import type { PostType, PostView } from "~/lib/schemas/community";
import { AuthorAvatar, AuthorName } from "./author";
import { postPath } from "./community-actions";
import { FollowButton } from "./follow-button";
import { PinnedStall } from "./pinned-stall";
import { PostMenu } from "./post-menu";
import { PostPhotos } from "./post-photos";
import { PostText } from "./post-text";
import { PostTime } from "./post-time";
import { POST_TYPE_LABELS } from "./post-type";
import { useSignedIn } from "./sign-in-gate";
import { ToggleButton } from "./toggle-button";
import { useLikeAndSave } from "./use-community-write";

// Comments and the edit form (with conform and zod) download when first opened, not with the page.
const CommentsPanel = lazy(() => import("./comments-panel"));
const PostForm = lazy(() => import("./post-form"));

const TYPE_STYLES: Record<PostType, string> = {
  review: "bg-amber-100 text-amber-950",
  discovery: "bg-green-100 text-green-950",
  tip: "bg-sky-100 text-sky-950",
};

export interface PostCardProps {
  /** The post as a list or page read it (PostView: counts and the reader's likes, saves and follows included). */
  post: PostView;
  /** Called once the author has deleted it, so the list can drop it. */
  onRemoved?: (postId: string) => void;
  /** Leave out the pinned stall's card (on that stall's own page). */
  hideStall?: boolean;
  /** Open the comments at once (a shared link to the post). */
  commentsOpen?: boolean;
}

/**
 * One post: its author (picture or initials, name, @username, a link to the profile, Follow for others' posts),
 * when, its type, text, photos, pinned stall, then like, comments, save and share, and a menu to report it or, for
 * its author, to edit or delete it. Like, save and follow show at once and go back with a toast if refused.
 */
export function PostCard({ post: given, onRemoved, hideStall = false, commentsOpen = false }: PostCardProps) {
  const t = useT();
  const signedIn = useSignedIn();
  // An edit answers the post as now stored; newer page data replaces it again.
  const [post, setPost] = useState(given);
  useEffect(() => setPost(given), [given]);
  const [editing, setEditing] = useState(false);
  const [showComments, setShowComments] = useState(commentsOpen);
  const [commentCount, setCommentCount] = useState(post.comment_count);
  useEffect(() => setCommentCount(post.comment_count), [post.comment_count]);

  const { like, save } = useLikeAndSave(post, {
    fields: { postId: post.id },
    toastId: (toggle) => `${toggle}-${post.id}`,
  });

  const { author } = post;
  const headingId = `post-${post.id}-author`;
  const action = "inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm hover:bg-surface-muted";
  const quiet = "text-ink-muted hover:text-ink";
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm"
    >
      {post.hidden_reason !== null ? (
        <p className="mb-3 flex gap-2 rounded-lg bg-surface-muted p-3 text-sm">
          <EyeOff aria-hidden="true" className="size-4 shrink-0 text-closed" />
          {post.held
            ? t("Waiting for a moderator: {reason}", { reason: post.hidden_reason })
            : t("Hidden by a moderator: {reason}", { reason: post.hidden_reason })}
        </p>
      ) : null}
      <header className="flex items-start gap-3">
        <AuthorAvatar author={author} className="size-11 text-sm" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 leading-tight">
            <AuthorName author={author} />
            {author.username ? <span className="text-ink-muted text-sm">@{author.username}</span> : null}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-muted text-xs">
            <PostTime at={post.created_at} />
            {post.updated_at ? <span>{t("(edited)")}</span> : null}
            <span className={`rounded-full px-2 py-0.5 font-semibold ${TYPE_STYLES[post.type]}`}>
              {t(POST_TYPE_LABELS[post.type])}
            </span>
          </p>
        </div>
        {signedIn && post.following_author !== null && author.username ? (
          <FollowButton
            username={author.username}
            name={author.name}
            following={post.following_author}
            compact
          />
        ) : null}
        <PostMenu
          postId={post.id}
          mine={post.mine}
          author={post.author}
          onEdit={() => setEditing(true)}
          onDeleted={() => onRemoved?.(post.id)}
          onAuthorKeptAway={() => onRemoved?.(post.id)}
        />
      </header>

      {editing ? (
        <Suspense fallback={<LoadingForm className="min-h-40" />}>
          <PostForm
            post={post}
            onSent={(updated) => {
              if (updated) setPost(updated);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <>
          <PostText text={post.text} className="mt-3" />
          <PostPhotos images={post.images} author={author.name} />
          {post.stall && !hideStall ? <PinnedStall stall={post.stall} /> : null}
          {post.type === "discovery" && !post.stall ? (
            <Link
              to={`/add-stall?post=${encodeURIComponent(post.id)}`}
              className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full border border-primary px-4 font-semibold text-primary-strong text-sm"
            >
              <Store aria-hidden="true" className="size-4" /> {t("Add this stall")}
            </Link>
          ) : null}
        </>
      )}

      <footer className="-mx-2 mt-3 flex flex-wrap items-center gap-1 border-border border-t pt-2">
        <ToggleButton
          toggle={like}
          label={t("{count, plural, one {Like, # like} other {Like, # likes}}", { count: like.count })}
          className={`${action} ${like.on ? "text-closed" : quiet}`}
        >
          <Heart aria-hidden="true" className={`size-5 ${like.on ? "fill-current" : ""}`} />
          <span aria-hidden="true">{like.count}</span>
        </ToggleButton>
        <button
          type="button"
          aria-expanded={showComments}
          aria-controls={`post-${post.id}-comments`}
          aria-label={t("{count, plural, one {# comment} other {# comments}}", { count: commentCount })}
          onClick={() => setShowComments((open) => !open)}
          className={`${action} ${quiet}`}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          <span aria-hidden="true">{commentCount}</span>
        </button>
        <ToggleButton
          toggle={save}
          label={t("Save post")}
          className={`${action} ${save.on ? "text-primary-strong" : quiet}`}
        >
          <Bookmark aria-hidden="true" className={`size-5 ${save.on ? "fill-current" : ""}`} />
        </ToggleButton>
        <ShareButton
          path={postPath(post.id)}
          title={t("{name} on Nukkad", { name: author.name })}
          text={post.text.slice(0, 140)}
          aria-label={t("Share post")}
          className={`${action} ${quiet} ml-auto`}
        >
          <Share2 aria-hidden="true" className="size-5" />
        </ShareButton>
      </footer>
      <div id={`post-${post.id}-comments`}>
        {showComments ? (
          <Suspense fallback={<LoadingForm className="min-h-20" />}>
            <CommentsPanel postId={post.id} signedIn={signedIn} onCountChange={setCommentCount} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}

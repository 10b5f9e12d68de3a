import { Link } from "@remix-run/react";
import { Lock } from "lucide-react";
import { Stars } from "~/components/reviews/stars";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { msg } from "~/lib/i18n/translate";
import { authorName } from "~/lib/rules/deleted-user";
import { formatDay, formatMoment } from "~/lib/rules/time-format";
import { reportKindLabel } from "~/lib/schemas/moderation-fields";
import type { ReportPreviews } from "~/models/report/report.server";
import { SentBy, StallLine } from "./queue-item";
import { ReelDetails } from "./reel-details";

// One small preview a subject type: what a moderator judges of it in the queue and in the Hidden tab. Chosen by
// the subject views' registry (subject-views.tsx), the UI side of the models' adapters.

type Translate = ReturnType<typeof useT>;

/** Who wrote it ("By {name}", or a deleted account's word) with a link to their profile, and when. */
function Byline({
  author,
  at,
  by = true,
}: {
  author: { name: string; username: string | null };
  at: number;
  by?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const name = authorName(t, author.name) || t("Unnamed");
  return (
    <>
      {by ? `${t("By {name}", { name })} ` : null}
      {author.username ? (
        <Link to={`/u/${author.username}`} className="underline">
          @{author.username}
        </Link>
      ) : null}{" "}
      {formatMoment(at, locale)}
    </>
  );
}

export function StallReportPreview({ preview, at }: { preview: ReportPreviews["stall"]; at: number }) {
  return (
    <>
      <StallLine
        stall={preview.stall}
        badge={
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 text-xs">
            {reportKindLabel(preview.kind)}
          </span>
        }
      />
      {preview.details ? <p className="mt-2 whitespace-pre-line">{preview.details}</p> : null}
      <SentBy sent={msg("Reported {when} by {name} ({email})")} when={at} sender={preview.reporter} />
    </>
  );
}

export function ReviewPreview({ preview }: { preview: ReportPreviews["review"] }) {
  const t = useT();
  return (
    <>
      <h3 className="font-semibold text-base">
        <Link to={`/stall/${preview.stallId}`} className="underline">
          {preview.stallName}
        </Link>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <span className="font-semibold">{preview.author.name}</span>
        <Stars value={preview.rating} />
      </p>
      <p className="mt-1 whitespace-pre-line">{preview.body ?? t("(rating only, no text)")}</p>
    </>
  );
}

const POST_TYPES = { review: msg("Review"), discovery: msg("Discovery"), tip: msg("Tip") } as const;

/** A post's or a comment's name in the queue: "Tip post by Asha Rao", "Comment by Asha Rao". */
export function postLabel(preview: ReportPreviews["post"], t: Translate): string {
  const name = authorName(t, preview.author.name) || t("Unnamed");
  return preview.comment
    ? t("Comment by {name}", { name })
    : t("{type} post by {name}", { type: t(POST_TYPES[preview.post.type]), name });
}

export function PostPreview({ preview }: { preview: ReportPreviews["post"] }) {
  const t = useT();
  const { post, comment } = preview;
  return (
    <>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold text-base">{postLabel(preview, t)}</h3>
        <p className="text-ink-muted">
          <Byline author={preview.author} at={comment?.created_at ?? post.created_at} by={false} />
        </p>
      </header>
      {post.stall ? (
        <p className="mt-1">
          <Sentence
            text={t("Pinned to {stall}", { stall: slot("stall") })}
            parts={{
              stall: (
                <Link to={`/stall/${post.stall.id}`} className="font-semibold underline">
                  {post.stall.name}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
      {comment ? (
        <>
          <p className="mt-2 whitespace-pre-line break-words">{comment.text}</p>
          <details className="mt-2 text-ink-muted">
            <summary className="cursor-pointer">{t("The post it answers")}</summary>
            <p className="mt-1 whitespace-pre-line break-words">{post.text}</p>
          </details>
        </>
      ) : (
        <p className="mt-2 whitespace-pre-line break-words">{post.text}</p>
      )}
    </>
  );
}

export function ReelPreview({ preview: { reel, author } }: { preview: ReportPreviews["reel"] }) {
  const t = useT();
  return (
    <>
      <h3 className="font-bold text-base">
        <Link to={`/reels/${reel.id}`} className="underline">
          {t("Reel of {name}", { name: reel.stall.name })}
        </Link>
      </h3>
      <ReelDetails reel={reel} byline={<Byline author={author} at={reel.created_at} />} />
    </>
  );
}

export function TrailPreview({ preview: { trail, author } }: { preview: ReportPreviews["trail"] }) {
  const t = useT();
  return (
    <>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold text-base">
          <Link to={`/food-trails/${trail.id}`} className="underline">
            {trail.title}
          </Link>
        </h3>
        <p className="text-ink-muted">
          <Byline author={author} at={trail.created_at} />
        </p>
      </header>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-muted">
        {trail.area}
        {trail.visibility === "private" ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-ink text-xs">
            <Lock aria-hidden="true" className="size-3" /> {t("Private now")}
          </span>
        ) : null}
      </p>
      {trail.description ? <p className="mt-2 whitespace-pre-line break-words">{trail.description}</p> : null}
      <p className="mt-2">{t("Stops: {stops}", { stops: trail.stops.join(" → ") })}</p>
    </>
  );
}

export function PersonPreview({ preview }: { preview: ReportPreviews["person"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex items-center gap-3">
      <UserAvatar name={preview.name} url={preview.avatar_url} className="size-12 text-lg" />
      <div>
        <h3 className="font-bold text-base">
          {preview.username ? (
            <Link to={`/u/${preview.username}`} className="underline">
              {preview.name}
            </Link>
          ) : (
            preview.name
          )}
        </h3>
        <p className="text-ink-muted">
          {preview.username ? `@${preview.username} · ` : null}
          {t("Member since {date}", { date: formatDay(preview.member_since, locale) })}
        </p>
        <p className="text-ink-muted">
          {t(
            "{posts, plural, one {# post} other {# posts}}, {reviews, plural, one {# review} other {# reviews}}",
            { posts: preview.posts, reviews: preview.reviews },
          )}
        </p>
        {preview.username ? (
          <Link
            to={`/moderation/people/${preview.username}`}
            className="font-semibold text-primary-strong underline"
          >
            {t("Act on this account")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

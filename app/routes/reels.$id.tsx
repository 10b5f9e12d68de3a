import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useMemo } from "react";
import { PillLink } from "~/components/form/pill";
import { ThingError } from "~/components/page/message-page";
import { skipReloadForReelWrites } from "~/components/reel/reel-actions";
import { ReelFeed } from "~/components/reel/reel-feed";
import { ReelsFrame } from "~/components/reel/reels-frame";
import { useT } from "~/components/use-t";
import { linkPreviewMeta } from "~/lib/http/link-preview";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { playbackHeaders, playbackHints } from "~/lib/http/playback";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { reelIdSchema } from "~/lib/schemas/reels";
import { getReel, listReels } from "~/models/reel/reel.server";
import { notFoundPage } from "~/request/answers.server";
import type { PageHandle } from "~/request/page-handle";

/** Link previews want a size; a reel whose size is not stored is shown as the portrait most phones record. */
const DEFAULT_SIZE = { width: 720, height: 1280 };

/**
 * One reel, as a shared link opens it: that reel first, then For You goes on below it. A pending reel is seen by its
 * author (with 'Waiting for review') and moderators; to anyone else it does not exist (404).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = reelIdSchema.safeParse(params.id);
  if (!id.success) throw new Response("Not Found", { status: 404 });
  const { db, origin } = context;
  const viewer = await context.viewer();
  const reel = await getReel(db, viewer, id.data).catch(notFoundPage);
  const more = await listReels(db, viewer, { tab: "for_you" });
  return { reel, more, origin, playback: playbackHints(request) };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  if (!loaded) return [{ title: pageTitle(t("Reel not found")) }];
  const { reel, origin } = loaded;
  const heading = t("{stall} by {name}", { stall: reel.stall.name, name: reel.author.name });
  const description =
    reel.caption.length > 0
      ? reel.caption.length > 200
        ? `${reel.caption.slice(0, 199)}…`
        : reel.caption
      : t("A short video of {stall} on Nukkad.", { stall: reel.stall.name });
  const video = absoluteImageUrl(origin, reel.video_url);
  const poster = absoluteImageUrl(origin, reel.poster_url);
  const width = reel.width ?? DEFAULT_SIZE.width;
  const height = reel.height ?? DEFAULT_SIZE.height;
  return linkPreviewMeta({
    title: pageTitle(heading, t("Reels")),
    heading,
    description,
    type: "video.other",
    url: `${origin}/reels/${encodeURIComponent(reel.id)}`,
    extra: video
      ? [
          { property: "og:video", content: video },
          ...(video.startsWith("https:") ? [{ property: "og:video:secure_url", content: video }] : []),
          { property: "og:video:type", content: reel.video_type },
          { property: "og:video:width", content: String(width) },
          { property: "og:video:height", content: String(height) },
        ]
      : [],
    image: poster,
  });
};

export const ErrorBoundary = () => (
  <ThingError
    title={msg("Reel not found")}
    text={msg("This reel does not exist, or it has been removed.")}
    next={{ to: "/reels", label: msg("Watch other reels") }}
  />
);

export const shouldRevalidate = skipReloadForReelWrites;

export const headers: HeadersFunction = () => playbackHeaders;

export const handle: PageHandle = { firstPaint: "video" };

export default function ReelPage() {
  const { reel, more, playback } = useLoaderData<typeof loader>();
  const t = useT();
  const leading = useMemo(() => [reel], [reel]);
  return (
    <ReelsFrame
      title={t("{stall} by {name}", { stall: reel.stall.name, name: reel.author.name })}
      bar={<PillLink to="/reels" icon={ArrowLeft} label={t("All reels")} variant="quiet" size="bar" />}
    >
      <ReelFeed
        key={reel.id}
        label={t("Reels")}
        firstPage={more}
        leading={leading}
        playback={playback}
        pageUrl={(cursor) => `/reels/page?${new URLSearchParams({ tab: "for_you", cursor })}`}
        empty={null}
      />
    </ReelsFrame>
  );
}

import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Bookmark, Film, type LucideIcon, MapPinOff, Users } from "lucide-react";
import { EnableNearby } from "~/components/enable-nearby";
import { LinkTabs } from "~/components/link-tabs";
import { LinkTabPanel, nearbyTabHref } from "~/components/page/link-tab-panel";
import { skipReloadForReelWrites } from "~/components/reel/reel-actions";
import { ReelFeed } from "~/components/reel/reel-feed";
import { ReelsEmpty, ReelsFrame } from "~/components/reel/reels-frame";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { playbackHeaders, playbackHints } from "~/lib/http/playback";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { formatGps } from "~/lib/rules/geo";
import { NEARBY_RADIUS_KM } from "~/lib/schemas/community";
import { type ReelPage, type ReelTab, reelQuerySchema } from "~/lib/schemas/reels";
import { listReels } from "~/models/reel/reel.server";
import type { PageHandle } from "~/request/page-handle";
import { queryParam } from "~/request/query.server";

// The component reads the schemas' module for types only: its values would bring zod into the page's JavaScript.
// The Record names every tab, in the order shown.
const TAB_LABELS: Record<ReelTab, string> = {
  for_you: msg("For You"),
  following: msg("Following"),
  nearby: msg("Nearby"),
  saved: msg("Saved"),
};
const REEL_TABS = Object.keys(TAB_LABELS) as ReelTab[];
/** Four decimals (about 11 m) is plenty for 5 km, and the address bar need not hold a finer position. */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const viewer = await context.viewer();
  // A tab or position the URL gets wrong is read as none: the feed still opens (For You, or Nearby asking).
  const tab = queryParam(url, "tab", reelQuerySchema.shape.tab, "for_you");
  const near = queryParam(url, "near", reelQuerySchema.shape.near, undefined);
  // Following and Saved need someone signed in; Nearby needs a position. Without them the page asks instead.
  const readable =
    (viewer !== null || (tab !== "following" && tab !== "saved")) && (tab !== "nearby" || near !== undefined);
  const page: ReelPage | null = readable ? await listReels(context.db, viewer, { tab, near }) : null;
  return {
    tab,
    near: near ? formatGps(near) : null,
    page,
    playback: playbackHints(request),
    nearbyKm: NEARBY_RADIUS_KM,
  };
}

export const meta = pageMeta((t) => ({
  title: pageTitle(t("Reels")),
  description: t("Short videos of street-food stalls, shared by the Nukkad community."),
}));

// A like, save, report or follow changes one reel's overlay, which shows the answer itself.
export const shouldRevalidate = skipReloadForReelWrites;

export const headers: HeadersFunction = () => playbackHeaders;

export const handle: PageHandle = { firstPaint: "video" };

const reelsHref = (tab: ReelTab, near: string | null) => nearbyTabHref("/reels", tab, near);

export default function ReelsPage() {
  const { tab, near, page, playback, nearbyKm } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ReelsFrame
      title={t("Reels")}
      bar={
        <LinkTabs
          label={t("Reels")}
          idPrefix="reels"
          values={REEL_TABS}
          selected={tab}
          href={(value) => reelsHref(value, near)}
          columns="grid-cols-4"
          size="compact"
        >
          {(value) => t(TAB_LABELS[value])}
        </LinkTabs>
      }
    >
      <LinkTabPanel idPrefix="reels" selected={tab} path="/reels">
        {page ? (
          <ReelFeed
            key={`${tab} ${near ?? ""}`}
            label={t(TAB_LABELS[tab])}
            firstPage={page}
            playback={playback}
            pageUrl={(cursor) =>
              `/reels/page?${new URLSearchParams({ tab, ...(near ? { near } : {}), cursor })}`
            }
            empty={<EmptyTab tab={tab} nearbyKm={nearbyKm} />}
          />
        ) : tab === "nearby" ? (
          <AskLocation />
        ) : (
          <ReelsEmpty
            icon={tab === "saved" ? Bookmark : Users}
            title={
              tab === "saved" ? t("Sign in to see your saved reels") : t("Sign in to see who you follow")
            }
            text={
              tab === "saved"
                ? t("Saved keeps the reels you bookmark.")
                : t("Following shows the reels of the people you follow.")
            }
          >
            <SignInLink className="mt-4 inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-foreground">
              {t("Sign in")}
            </SignInLink>
          </ReelsEmpty>
        )}
      </LinkTabPanel>
    </ReelsFrame>
  );
}

/** What each tab says when it has no reels; the Nearby text names the radius (`{km}`). */
const EMPTY_TABS: Record<ReelTab, { icon: LucideIcon; title: string; text: string }> = {
  for_you: {
    icon: Film,
    title: msg("No reels yet"),
    text: msg("Be the first to share a reel of your favourite stall."),
  },
  following: {
    icon: Users,
    title: msg("No reels from people you follow"),
    text: msg("Follow people to see their reels here."),
  },
  nearby: {
    icon: MapPinOff,
    title: msg("No nearby reels"),
    text: msg("Nobody has shared a reel of a stall within {km} km of you yet."),
  },
  saved: {
    icon: Bookmark,
    title: msg("No saved reels yet"),
    text: msg("Tap the bookmark on a reel to keep it here."),
  },
};

function EmptyTab({ tab, nearbyKm }: { tab: ReelTab; nearbyKm: number }) {
  const t = useT();
  const { icon, title, text } = EMPTY_TABS[tab];
  return <ReelsEmpty icon={icon} title={t(title)} text={t(text, { km: nearbyKm })} />;
}

const LOCATION_DENIED = msg(
  "Location access is blocked for Nukkad. Allow it in your browser's settings to see reels nearby.",
);

/** Nearby without a position: a button that asks the browser, only when pressed (never on arrival). */
function AskLocation() {
  const t = useT();
  return (
    <ReelsEmpty
      icon={MapPinOff}
      title={t("Reels near you")}
      text={t("Enable location to see reels from your area")}
    >
      <EnableNearby href={(near) => reelsHref("nearby", near)} denied={LOCATION_DENIED} />
    </ReelsEmpty>
  );
}

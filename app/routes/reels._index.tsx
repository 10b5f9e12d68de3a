import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Bookmark, Film, MapPinOff, Users } from "lucide-react";
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
            icon={
              tab === "saved" ? (
                <Bookmark aria-hidden="true" className="size-6" />
              ) : (
                <Users aria-hidden="true" className="size-6" />
              )
            }
            title={
              tab === "saved" ? t("Sign in to see your saved reels") : t("Sign in to see who you follow")
            }
          >
            <p className="mt-1 text-ink-muted text-sm">
              {tab === "saved"
                ? t("Saved keeps the reels you bookmark.")
                : t("Following shows the reels of the people you follow.")}
            </p>
            <SignInLink className="mt-4 inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-foreground">
              {t("Sign in")}
            </SignInLink>
          </ReelsEmpty>
        )}
      </LinkTabPanel>
    </ReelsFrame>
  );
}

function EmptyTab({ tab, nearbyKm }: { tab: ReelTab; nearbyKm: number }) {
  const t = useT();
  if (tab === "following")
    return (
      <ReelsEmpty
        icon={<Users aria-hidden="true" className="size-6" />}
        title={t("No reels from people you follow")}
      >
        <p className="mt-1 text-ink-muted text-sm">{t("Follow people to see their reels here.")}</p>
      </ReelsEmpty>
    );
  if (tab === "nearby")
    return (
      <ReelsEmpty icon={<MapPinOff aria-hidden="true" className="size-6" />} title={t("No nearby reels")}>
        <p className="mt-1 text-ink-muted text-sm">
          {t("Nobody has shared a reel of a stall within {km} km of you yet.", { km: nearbyKm })}
        </p>
      </ReelsEmpty>
    );
  if (tab === "saved")
    return (
      <ReelsEmpty icon={<Bookmark aria-hidden="true" className="size-6" />} title={t("No saved reels yet")}>
        <p className="mt-1 text-ink-muted text-sm">{t("Tap the bookmark on a reel to keep it here.")}</p>
      </ReelsEmpty>
    );
  return (
    <ReelsEmpty icon={<Film aria-hidden="true" className="size-6" />} title={t("No reels yet")}>
      <p className="mt-1 text-ink-muted text-sm">
        {t("Be the first to share a reel of your favourite stall.")}
      </p>
    </ReelsEmpty>
  );
}

const LOCATION_DENIED = msg(
  "Location access is blocked for Nukkad. Allow it in your browser's settings to see reels nearby.",
);

/** Nearby without a position: a button that asks the browser, only when pressed (never on arrival). */
function AskLocation() {
  const t = useT();
  return (
    <ReelsEmpty icon={<MapPinOff aria-hidden="true" className="size-6" />} title={t("Reels near you")}>
      <p className="mt-1 text-ink-muted text-sm">{t("Enable location to see reels from your area")}</p>
      <EnableNearby href={(near) => reelsHref("nearby", near)} denied={LOCATION_DENIED} />
    </ReelsEmpty>
  );
}

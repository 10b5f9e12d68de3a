import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Link,
  type MetaFunction,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { Bookmark, Film, LocateFixed, MapPinOff, Users } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { skipReloadForReelWrites } from "~/components/reel/reel-actions";
import { ReelFeed } from "~/components/reel/reel-feed";
import { ReelsEmpty, ReelsFrame } from "~/components/reel/reels-frame";
import { useT } from "~/components/use-t";
import { currentPosition, GeolocationUnsupportedError } from "~/lib/client/geolocation";
import { wantsLessData } from "~/lib/http/save-data";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { formatGps } from "~/lib/rules/geo";
import { NEARBY_RADIUS_KM } from "~/lib/schemas/community";
import { type ReelPage, type ReelTab, reelQuerySchema } from "~/lib/schemas/reels";
import { listReels } from "~/models/reel/read.server";

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
const NEAR_DECIMALS = 4;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const viewer = await context.viewer();
  // A tab or position the URL gets wrong is read as none: the feed still opens (For You, or Nearby asking).
  const tabParam = reelQuerySchema.shape.tab.safeParse(url.searchParams.get("tab") ?? undefined);
  const tab: ReelTab = tabParam.success ? tabParam.data : "for_you";
  const nearParam = reelQuerySchema.shape.near.safeParse(url.searchParams.get("near") ?? undefined);
  const near = nearParam.success ? nearParam.data : undefined;
  // Following and Saved need someone signed in; Nearby needs a position. Without them the page asks instead.
  const readable =
    (viewer !== null || (tab !== "following" && tab !== "saved")) && (tab !== "nearby" || near !== undefined);
  const page: ReelPage | null = readable ? await listReels(context.db, viewer, { tab, near }) : null;
  return {
    tab,
    near: near ? formatGps(near) : null,
    page,
    saveData: wantsLessData(request),
    nearbyKm: NEARBY_RADIUS_KM,
  };
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: pageTitle(t("Reels")) },
    {
      name: "description",
      content: t("Short videos of street-food stalls, shared by the Nukkad community."),
    },
  ];
};

// A like, save, report or follow changes one reel's overlay, which shows the answer itself.
export const shouldRevalidate = skipReloadForReelWrites;

const reelsHref = (tab: ReelTab, near: string | null) => {
  const params = new URLSearchParams({ tab });
  if (tab === "nearby" && near) params.set("near", near);
  return `/reels?${params}`;
};

export default function ReelsPage() {
  const { tab, near, page, saveData, nearbyKm } = useLoaderData<typeof loader>();
  const t = useT();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const switching = navigation.state === "loading" && navigation.location.pathname === "/reels";

  const onTabKey = (event: KeyboardEvent) => {
    const index = REEL_TABS.indexOf(tab);
    const to =
      event.key === "ArrowRight"
        ? (index + 1) % REEL_TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + REEL_TABS.length) % REEL_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? REEL_TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    navigate(reelsHref(REEL_TABS[to] ?? "for_you", near), { preventScrollReset: true });
  };

  const signIn = `/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <ReelsFrame
      title={t("Reels")}
      bar={
        // The ARIA tabs pattern; each tab is a link, so the tab is in the URL.
        <div
          role="tablist"
          aria-label={t("Reels")}
          onKeyDown={onTabKey}
          className="grid grid-cols-4 gap-0.5 rounded-full border border-border bg-surface p-1 shadow-sm"
        >
          {REEL_TABS.map((value, index) => {
            const selected = value === tab;
            return (
              <Link
                key={value}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                id={`reels-tab-${value}`}
                role="tab"
                aria-selected={selected}
                aria-controls="reels-panel"
                tabIndex={selected ? 0 : -1}
                to={reelsHref(value, near)}
                preventScrollReset
                className={`flex min-h-9 items-center justify-center rounded-full px-1 text-center font-semibold text-xs sm:text-sm ${
                  selected
                    ? "bg-primary text-primary-foreground"
                    : "text-ink-muted hover:bg-surface-muted hover:text-ink"
                }`}
              >
                {t(TAB_LABELS[value])}
              </Link>
            );
          })}
        </div>
      }
    >
      <div
        id="reels-panel"
        role="tabpanel"
        aria-labelledby={`reels-tab-${tab}`}
        aria-busy={switching}
        className={`transition-opacity ${switching ? "opacity-50" : ""}`}
      >
        {page ? (
          <ReelFeed
            key={`${tab} ${near ?? ""}`}
            label={t(TAB_LABELS[tab])}
            firstPage={page}
            saveData={saveData}
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
            <Link
              to={signIn}
              className="mt-4 inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-foreground"
            >
              {t("Sign in")}
            </Link>
          </ReelsEmpty>
        )}
      </div>
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
const LOCATION_UNAVAILABLE = msg("Could not get your location. Please try again.");
const LOCATION_UNSUPPORTED = msg("Geolocation is not supported by this browser.");

/** Nearby without a position: a button that asks the browser, only when pressed (never on arrival). */
function AskLocation() {
  const t = useT();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = async () => {
    setLocating(true);
    setProblem(null);
    try {
      const at = await currentPosition({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 });
      const near = `${at.lat.toFixed(NEAR_DECIMALS)},${at.lng.toFixed(NEAR_DECIMALS)}`;
      navigate(reelsHref("nearby", near), { replace: true, preventScrollReset: true });
    } catch (error) {
      setProblem(
        error instanceof GeolocationUnsupportedError
          ? LOCATION_UNSUPPORTED
          : (error as { code?: number }).code === 1
            ? LOCATION_DENIED
            : LOCATION_UNAVAILABLE,
      );
      setLocating(false);
    }
  };
  return (
    <ReelsEmpty icon={<MapPinOff aria-hidden="true" className="size-6" />} title={t("Reels near you")}>
      <p className="mt-1 text-ink-muted text-sm">{t("Enable location to see reels from your area")}</p>
      <PendingButton
        pending={locating}
        pendingLabel={t("Getting your location...")}
        icon={<LocateFixed aria-hidden="true" className="size-4" />}
        onClick={() => void locate()}
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-60"
      >
        {t("Enable location")}
      </PendingButton>
      {problem ? (
        <p role="alert" className="mt-3 text-closed text-sm">
          {t(problem)}
        </p>
      ) : null}
    </ReelsEmpty>
  );
}

import { useNavigate } from "@remix-run/react";
import { LocateFixed } from "lucide-react";
import { useEffect, useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { currentPosition, GeolocationUnsupportedError, geolocationGranted } from "~/lib/client/geolocation";
import { msg } from "~/lib/i18n/translate";
import { nearParam } from "~/lib/rules/geo";

const LOCATION_UNAVAILABLE = msg("Could not get your location. Please try again.");
const LOCATION_UNSUPPORTED = msg("Geolocation is not supported by this browser.");

/**
 * A Nearby tab's 'Enable location' (the feed's, the reels'): asks the browser when pressed, then opens `href(near)`
 * in place of the page. With `whenAllowed`, a position the visitor has already allowed is used at once, without a
 * prompt. `denied` says how to allow it again, in the tab's own words.
 */
export function EnableNearby({
  href,
  denied,
  whenAllowed = false,
}: {
  href: (near: string) => string;
  denied: string;
  whenAllowed?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = async () => {
    setLocating(true);
    setProblem(null);
    try {
      const at = await currentPosition({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 });
      navigate(href(nearParam(at)), { replace: true, preventScrollReset: true });
    } catch (error) {
      setProblem(
        error instanceof GeolocationUnsupportedError
          ? LOCATION_UNSUPPORTED
          : (error as { code?: number }).code === 1
            ? denied
            : LOCATION_UNAVAILABLE,
      );
      setLocating(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (!whenAllowed) return;
    void geolocationGranted().then((granted) => {
      if (granted) void locate();
    });
  }, []);
  return (
    <>
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
    </>
  );
}

import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useT } from "~/components/use-t";
import type { LatLng } from "~/lib/rules/geo";
import type { ModerationStatus } from "~/lib/rules/options";

export interface LookAlike {
  shop_unique_id: string;
  name: string;
  location: string | null;
  distance: number | null;
  status: ModerationStatus;
}

const LOOKUP_DELAY_MS = 500;

/** Stalls near the pin with a name like the one typed, asked for once typing rests; none while either is missing. */
function useLookAlikes(name: string, position: LatLng | null): LookAlike[] {
  const [found, setFound] = useState<LookAlike[]>([]);
  const text = name.trim();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (text.length < 2 || lat === undefined || lng === undefined) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ lat: String(lat), lng: String(lng), name: text });
      fetch(`/api/shop/look-alikes?${query}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<LookAlike[]>) : []))
        .then(setFound)
        // The check only helps: when it cannot run, the contributor simply is not warned.
        .catch(() => undefined);
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lat, lng]);
  return found;
}

/** "Is it one of these?": likely duplicates before submitting. The contributor may still submit. */
export function LookAlikes({ name, position }: { name: string; position: LatLng | null }) {
  const found = useLookAlikes(name, position);
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <div role="status">
      {found.length > 0 ? (
        <section
          aria-labelledby="look-alikes-title"
          className="rounded-xl border border-accent bg-surface-muted p-4"
        >
          <h3 id="look-alikes-title" className="font-semibold">
            {t("Is it one of these?")}
          </h3>
          <p className="text-ink-muted text-sm">
            {t(
              "These stalls near your pin have a similar name. If yours is one of them, there is no need to add it again; if it is a different stall, carry on.",
            )}
          </p>
          <ul className="mt-2 space-y-2">
            {found.map((stall) => (
              <li key={stall.shop_unique_id} className="text-sm">
                {stall.status === "approved" ? (
                  <Link
                    to={`/stall/${stall.shop_unique_id}`}
                    className="font-semibold text-primary-strong underline"
                  >
                    {stall.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{stall.name}</span>
                )}{" "}
                <span className="text-ink-muted">
                  {stall.distance === null
                    ? null
                    : stall.distance < 0.1
                      ? t("less than 100 m away")
                      : t("{distance} away", { distance: formatDistance(stall.distance) })}
                  {stall.status === "pending" ? ` · ${t("waiting for review")}` : null}
                  {stall.location ? ` · ${stall.location}` : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

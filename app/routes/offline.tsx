import { useSearchParams } from "@remix-run/react";
import { Star, WifiOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { PageShell } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import {
  type OfflineData,
  type OfflineStall,
  offlineDbExists,
  openOfflineDb,
  readOfflineData,
} from "~/lib/client/offline-store";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Available offline")) }));

/**
 * What this device keeps for offline use (ADR 029), read from IndexedDB in the browser. The service worker sends
 * here any page it has no copy of, as `?from=<that page>`; the links are plain links, so each opens as a document
 * the worker answers from its cache.
 */
export default function OfflinePage() {
  const t = useT();
  const [params] = useSearchParams();
  const [from, setFrom] = useState<string | null>(null);
  const [data, setData] = useState<OfflineData | null>(null);
  const [online, setOnline] = useState(true);

  // The worker answers /offline?from=… with the copy it precached from /offline, which the server drew with no
  // `from`: reading it during hydration would draw HTML the document lacks (React #418). It shows once hydrated.
  useEffect(() => {
    const asked = params.get("from");
    // Only a page of this site: the link below must never lead anywhere else.
    setFrom(asked !== null && /^\/(?![/\\])/.test(asked) ? asked : null);
  }, [params]);

  useEffect(() => {
    setOnline(navigator.onLine);
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    let cancelled = false;
    // Reading makes no database where there is none (a visitor who kept nothing).
    void offlineDbExists()
      .then((exists) => (exists ? openOfflineDb() : null))
      .then(async (db) => {
        if (!db) {
          if (!cancelled) setData({ favourites: [], trails: [], recent: [] });
          return;
        }
        const read = await readOfflineData(db);
        db.close();
        if (!cancelled) setData(read);
      })
      .catch(() => {
        if (!cancelled) setData({ favourites: [], trails: [], recent: [] });
      });
    return () => {
      cancelled = true;
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  const empty = data && data.favourites.length + data.trails.length + data.recent.length === 0;
  return (
    <PageShell
      title={t("Available offline")}
      subtitle={
        online
          ? t("Saved on this device for when the network drops.")
          : t("You are offline. These are saved on this device.")
      }
    >
      {from ? (
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-border bg-surface-muted p-3 text-sm">
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t("This page is not saved on this device.")}{" "}
            {online ? (
              <a href={from} className="font-semibold text-primary-strong underline">
                {t("Open it again")}
              </a>
            ) : null}
          </span>
        </p>
      ) : null}
      {empty ? (
        <p className="text-ink-muted">
          {t(
            "Nothing is saved on this device yet. Bookmark stalls or make a trail while online, and they will be here.",
          )}
        </p>
      ) : null}
      {data ? (
        <div className="space-y-8">
          <OfflineList
            id="offline-saved"
            title={t("Saved stalls")}
            items={data.favourites.map((favourite) => ({ key: favourite.stallId, ...favourite }))}
          >
            {(favourite) => (
              <>
                <StallLine stall={favourite.stall} />
                {favourite.personal_rating ? (
                  <p className="mt-1 flex items-center gap-1 text-sm">
                    <Star aria-hidden className="size-4 fill-accent text-accent" />
                    {t("Your rating: {rating} of 5", { rating: favourite.personal_rating })}
                  </p>
                ) : null}
                {favourite.note ? (
                  <p className="mt-1 text-sm">
                    <span className="font-semibold">{t("Your note")}:</span> {favourite.note}
                  </p>
                ) : null}
              </>
            )}
          </OfflineList>
          <OfflineList
            id="offline-trails"
            title={t("Your trails")}
            items={data.trails.map((trail) => ({ key: trail.id, ...trail }))}
          >
            {(trail) => (
              <>
                <a href={`/food-trails/${trail.id}`} className="font-semibold text-primary-strong underline">
                  {trail.title}
                </a>
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                  {trail.stops.map((stop) => (
                    <li key={stop.stall.id}>
                      <a href={`/stall/${stop.stall.id}`} className="underline">
                        {stop.stall.name}
                      </a>
                      <span className="text-ink-muted"> · {stop.stall.location}</span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </OfflineList>
          <OfflineList
            id="offline-recent"
            title={t("Recently opened stalls")}
            items={data.recent.map(({ stall }) => ({ key: stall.shop_unique_id, stall }))}
          >
            {({ stall }) => <StallLine stall={stall} />}
          </OfflineList>
        </div>
      ) : null}
    </PageShell>
  );
}

/** One kind of kept thing, as a titled list of cards; nothing at all when there are none of it. */
function OfflineList<Item extends { key: string }>({
  id,
  title,
  items,
  children,
}: {
  id: string;
  title: string;
  items: Item[];
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-bold text-xl">
        {title}
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.key} className="rounded-xl border border-border bg-surface p-3">
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StallLine({ stall }: { stall: OfflineStall }) {
  return (
    <>
      <a href={`/stall/${stall.shop_unique_id}`} className="font-semibold text-primary-strong underline">
        {stall.name}
      </a>
      <p className="text-ink-muted text-sm">{stall.location}</p>
    </>
  );
}

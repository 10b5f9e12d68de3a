import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { earlyLazy } from "~/components/early-lazy";
import { PageShell } from "~/components/layout/page-shell";
import { ClientMap } from "~/components/map/client-map";
import type { LabStall } from "~/components/map-lab/types";
import { toLabStall } from "~/components/map-lab/types";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { MAX_RADIUS_KM } from "~/lib/schemas/stall-query-fields";
import { findNearbyStalls } from "~/models/stall/stall.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Map tools")) }));

// The lab's code (and Leaflet) starts loading as soon as this module runs in the browser, as Discover's map does.
const MapLab = earlyLazy(() => import("~/components/map-lab/map-lab.client"));

/** The focused map chooses among this many stalls nearest the default location; the basic map shows three. */
const LAB_STALLS = 10;

export async function loader({ context }: LoaderFunctionArgs) {
  const { items } = await findNearbyStalls(context.db, {
    center: DEFAULT_LOCATION,
    radiusKm: MAX_RADIUS_KM,
    limit: LAB_STALLS,
  });
  return { stalls: items.map(toLabStall) satisfies LabStall[] };
}

export default function MapPage() {
  const { stalls } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell
      title={t("Map Lab")}
      subtitle={t("Pin places, check coordinates and addresses, and see your own files on the map.")}
    >
      <ClientMap height={320}>
        <MapLab stalls={stalls} />
      </ClientMap>
    </PageShell>
  );
}

import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Map tools · Nukkad" }];

export default function MapPage() {
  return (
    <PageShell title="Map tools">
      <p className="text-ink-muted">The map tools are being built. Stalls on a map are on Discover.</p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

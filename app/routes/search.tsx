import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Search · Nukkad" }];

export default function SearchPage() {
  return (
    <PageShell title="Search">
      <p className="text-ink-muted">
        Search for stalls, food and areas is being built. Meanwhile every approved stall is on Discover.
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

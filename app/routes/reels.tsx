import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Reels · Nukkad" }];

export default function ReelsPage() {
  return (
    <PageShell title="Reels">
      <p className="text-ink-muted">
        Short videos of stalls are not available yet. Browse the stalls people have found on Discover.
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

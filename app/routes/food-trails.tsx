import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Food Trails · Nukkad" }];

export default function FoodTrailsPage() {
  return (
    <PageShell title="Food Trails" subtitle="Curated routes through several stalls">
      <p className="text-ink-muted">
        Food Trails are being built: routes through three or more stalls, random or hand-picked.
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

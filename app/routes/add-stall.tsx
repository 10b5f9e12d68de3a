import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Add a Food Stall · Nukkad" }];

export default function AddStallPage() {
  return (
    <PageShell title="Add a Food Stall" subtitle="Help others discover amazing hidden food gems in your area">
      <p className="text-ink-muted">
        Adding stalls opens with Nukkad accounts: every new stall is reviewed before it appears.
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        See the stalls already on Nukkad
      </Link>
    </PageShell>
  );
}

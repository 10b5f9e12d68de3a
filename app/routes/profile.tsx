import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Profile · Nukkad" }];

export default function ProfilePage() {
  return (
    <PageShell title="Profile">
      <p className="text-ink-muted">Profiles open with Nukkad accounts.</p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

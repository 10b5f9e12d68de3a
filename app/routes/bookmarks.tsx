import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "My Food Trail · Nukkad" }];

export default function BookmarksPage() {
  return (
    <PageShell title="My Food Trail" subtitle="Your personal collection of discovered food gems">
      <p className="text-ink-muted">Bookmarks are saved to your account once sign-in opens.</p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

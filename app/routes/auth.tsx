import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Welcome Back · Nukkad" }];

export default function AuthPage() {
  return (
    <PageShell title="Welcome Back">
      <p className="text-ink-muted">
        Sign-in is not open yet. Everything on Nukkad can be browsed without an account.
      </p>
      <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Discover stalls
      </Link>
    </PageShell>
  );
}

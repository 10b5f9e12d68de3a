import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Forgot password · Nukkad" }];

export default function ForgotPasswordPage() {
  return (
    <PageShell title="Forgot password">
      <p className="text-ink-muted">Password reset opens with Nukkad accounts.</p>
      <Link to="/auth" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Back to Sign In
      </Link>
    </PageShell>
  );
}

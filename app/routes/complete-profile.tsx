import { Link, type MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";

export const meta: MetaFunction = () => [{ title: "Complete Your Profile · Nukkad" }];

export default function CompleteProfilePage() {
  return (
    <PageShell
      title="Complete Your Profile"
      subtitle="Tell us more about yourself to personalize your food discovery experience"
    >
      <p className="text-ink-muted">Profiles open with Nukkad accounts.</p>
      <Link to="/" className="mt-4 inline-block font-semibold text-primary-strong underline">
        Return to Home
      </Link>
    </PageShell>
  );
}

import type { MetaFunction } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { SUPPORT_EMAIL } from "~/lib/rules/faq";

export const meta: MetaFunction = () => [{ title: "Contact Us · Nukkad" }];

export default function ContactPage() {
  return (
    <PageShell title="Contact Us" subtitle="Questions, corrections, a stall that moved: we read everything">
      <p>
        Write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-primary-strong underline">
          {SUPPORT_EMAIL}
        </a>
        . We reply within 24 hours.
      </p>
    </PageShell>
  );
}

import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { FaqList } from "~/components/faq-list";
import { PageShell } from "~/components/site-layout";
import { FAQ } from "~/lib/rules/faq";

export const loader = () => ({ faq: FAQ });

export const meta: MetaFunction = () => [{ title: "Help Center · Nukkad" }];

export default function HelpPage() {
  const { faq } = useLoaderData<typeof loader>();
  return (
    <PageShell title="Help Center" subtitle="Answers to the questions people ask us most">
      <FaqList items={faq} />
      <p className="mt-6 text-ink-muted">
        Still stuck?{" "}
        <Link to="/contact" className="font-semibold text-primary-strong underline">
          Contact us
        </Link>{" "}
        and we reply within 24 hours.
      </p>
    </PageShell>
  );
}

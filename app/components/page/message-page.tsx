import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { PageShell } from "~/components/layout/page-shell";
import { RouteError } from "~/components/route-error";
import { useT } from "~/components/use-t";

/** Where a page that only tells how something went sends the person on: a link under its text. */
export interface NextStep {
  to: string;
  label: string;
}

/**
 * A page that only tells how something went (a link from an e-mail followed, a sign-in that did not finish, a
 * thing that is not there) and, when there is one, the way on.
 */
export function MessagePage({
  title,
  children,
  next,
}: {
  title: string;
  children: ReactNode;
  next?: NextStep;
}) {
  return (
    <PageShell title={title}>
      {children}
      {next ? (
        <Link to={next.to} className="mt-4 inline-block font-semibold text-primary-strong underline">
          {next.label}
        </Link>
      ) : null}
    </PageShell>
  );
}

/**
 * The error of a page about one thing (a trail, a reel), its ErrorBoundary: a 404 says which thing is missing and
 * where to look instead, any other error offers Try Again. The texts are msg()s, shown in the page's language.
 */
export function ThingError({ title, text, next }: { title: string; text: string; next: NextStep }) {
  const t = useT();
  return (
    <RouteError
      retry
      notFound={
        <MessagePage title={t(title)} next={{ to: next.to, label: t(next.label) }}>
          <p className="text-ink-muted">{t(text)}</p>
        </MessagePage>
      }
    />
  );
}

/**
 * The one button a link from an e-mail waits for before it acts: mail scanners open every link, so opening it only
 * shows this, and the POST to `action` (the link itself) is the person's click.
 */
export function OneClickForm({
  action,
  pendingLabel,
  children,
}: {
  action: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} className="mt-4">
      <PendingButton
        type="submit"
        pending={pending}
        pendingLabel={pendingLabel}
        className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-foreground hover:bg-primary-strong disabled:opacity-60"
      >
        {children}
      </PendingButton>
    </Form>
  );
}

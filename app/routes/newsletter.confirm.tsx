import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PendingButton } from "~/components/form/pending-button";
import { PageShell } from "~/components/layout/site-layout";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { newsletterTokenSchema } from "~/lib/schemas/newsletter";
import { confirmNewsletterSubscription } from "~/models/newsletter.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Confirm your subscription")) }));

function readToken(request: Request): string | null {
  const parsed = newsletterTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  return parsed.success ? parsed.data : null;
}

// Opening the link only shows a button: mail scanners that open every link would otherwise confirm addresses
// nobody confirmed.
export function loader({ request }: LoaderFunctionArgs) {
  return { token: readToken(request) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = readToken(request);
  const email = token ? await confirmNewsletterSubscription(context.db, token) : null;
  return data({ confirmed: email !== null, email }, { status: email ? 200 : 400 });
}

export default function NewsletterConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const t = useT();
  if (answer?.confirmed) {
    return (
      <PageShell title={t("You are subscribed")}>
        <p role="status">{t("Subscribed! Watch your inbox for new stalls.")}</p>
        <p className="mt-2 text-ink-muted">
          {t("{email} gets Nukkad's newsletter now. Every issue has a link to unsubscribe in one click.", {
            email: answer.email ?? "",
          })}
        </p>
        <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
          {t("Discover stalls")}
        </Link>
      </PageShell>
    );
  }
  if (!token || answer) {
    return (
      <PageShell title={t("This link has expired")}>
        <p role={answer ? "alert" : undefined}>
          {t(
            "This confirmation link is invalid or was already used. Subscribe again from the box at the bottom of any page to get a new one.",
          )}
        </p>
      </PageShell>
    );
  }
  return (
    <PageShell title={t("Confirm your subscription")}>
      <p>{t("One click and Nukkad's newsletter of new street-food stalls comes to your inbox.")}</p>
      <Form method="post" action={`/newsletter/confirm?token=${encodeURIComponent(token)}`} className="mt-4">
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={t("Confirming...")}
          className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-foreground hover:bg-primary-strong disabled:opacity-60"
        >
          {t("Confirm subscription")}
        </PendingButton>
      </Form>
    </PageShell>
  );
}

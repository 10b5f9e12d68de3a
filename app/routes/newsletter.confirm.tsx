import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MessagePage, OneClickForm } from "~/components/page/message-page";
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
  const t = useT();
  if (answer?.confirmed) {
    return (
      <MessagePage title={t("You are subscribed")} next={{ to: "/discover", label: t("Discover stalls") }}>
        <p role="status">{t("Subscribed! Watch your inbox for new stalls.")}</p>
        <p className="mt-2 text-ink-muted">
          {t("{email} gets Nukkad's newsletter now. Every issue has a link to unsubscribe in one click.", {
            email: answer.email ?? "",
          })}
        </p>
      </MessagePage>
    );
  }
  if (!token || answer) {
    return (
      <MessagePage title={t("This link has expired")}>
        <p role={answer ? "alert" : undefined}>
          {t(
            "This confirmation link is invalid or was already used. Subscribe again from the box at the bottom of any page to get a new one.",
          )}
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t("Confirm your subscription")}>
      <p>{t("One click and Nukkad's newsletter of new street-food stalls comes to your inbox.")}</p>
      <OneClickForm
        action={`/newsletter/confirm?token=${encodeURIComponent(token)}`}
        pendingLabel={t("Confirming...")}
      >
        {t("Confirm subscription")}
      </OneClickForm>
    </MessagePage>
  );
}

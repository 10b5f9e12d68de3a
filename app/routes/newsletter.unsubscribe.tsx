import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MessagePage, OneClickForm } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { unsubscribeLinkSchema } from "~/lib/schemas/newsletter";
import { isUnsubscribeToken, newsletterSecret, unsubscribeFromNewsletter } from "~/models/newsletter.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Unsubscribe")) }));

/** The link's address and signature, from its query string: the page's button and a mail program's one-click POST
 * (RFC 8058, which sends only "List-Unsubscribe=One-Click" in its body) post to the link itself. */
function readLink(request: Request) {
  const parsed = unsubscribeLinkSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? parsed.data : null;
}

// Opening the link only shows the button (mail scanners open links); the POST is the one click.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = readLink(request);
  const secret = newsletterSecret(context.config);
  const valid = link !== null && (await isUnsubscribeToken(secret, link.email, link.token));
  return { link: valid ? link : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const link = readLink(request);
  const secret = newsletterSecret(context.config);
  const done =
    link !== null && (await unsubscribeFromNewsletter({ db: context.db, secret }, link.email, link.token));
  return data({ unsubscribed: done }, { status: done ? 200 : 400 });
}

export default function NewsletterUnsubscribePage() {
  const { link } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  if (answer?.unsubscribed) {
    return (
      <MessagePage title={t("You are unsubscribed")}>
        <p role="status">
          {t("{email} gets no more newsletter e-mails from Nukkad, and the address is deleted.", {
            email: link?.email ?? "",
          })}
        </p>
      </MessagePage>
    );
  }
  if (!link) {
    return (
      <MessagePage title={t("This link does not work")}>
        <p role="alert">
          {t(
            "This unsubscribe link is incomplete or was changed. Use the link in the newest newsletter e-mail, or write to us from the Contact Us page.",
          )}
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t("Unsubscribe")}>
      <p>{t("Stop sending Nukkad's newsletter to {email}?", { email: link.email })}</p>
      <OneClickForm
        action={`/newsletter/unsubscribe?${new URLSearchParams(link)}`}
        pendingLabel={t("Unsubscribing...")}
      >
        {t("Unsubscribe")}
      </OneClickForm>
    </MessagePage>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MessagePage } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { confirmEmail } from "~/models/account.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Confirm e-mail")) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { confirmed: token ? await confirmEmail(context, token) : false };
}

export default function ConfirmEmailPage() {
  const { confirmed } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <MessagePage
      title={confirmed ? t("E-mail confirmed") : t("This link has expired")}
      next={
        confirmed
          ? { to: "/add-stall", label: t("Add a stall") }
          : { to: "/profile", label: t("Go to your profile") }
      }
    >
      <p>
        {confirmed
          ? t("Thank you! Your e-mail address is confirmed, so you can add stalls now.")
          : t("This confirmation link is invalid, already used, or older than 7 days.")}
      </p>
    </MessagePage>
  );
}

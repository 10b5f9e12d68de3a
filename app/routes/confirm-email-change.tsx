import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/form/pending-button";
import { PageShell } from "~/components/layout/page-shell";
import { MessagePage } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { EMAIL_CHANGE_LINK_INVALID } from "~/lib/auth/messages";
import { readSessionToken } from "~/lib/auth/session-token";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { confirmEmailChange, emailChangeState } from "~/models/account-security.server";
import { done, refusal } from "~/request/answers.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Confirm your new e-mail address")) }));

// Opening the link only shows the address: mail scanners open links too, so the change waits for the button.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = token ? await emailChangeState(context.db, token) : null;
  return { token, newEmail: change?.newEmail ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "");
  const viewer = await context.viewer();
  const sessionToken = readSessionToken(request.headers);
  try {
    await confirmEmailChange(
      context,
      token,
      viewer && sessionToken ? { userId: viewer.id, token: sessionToken } : null,
    );
  } catch (error) {
    return refusal(error);
  }
  return done(msg("Your e-mail address is changed and confirmed."));
}

export default function ConfirmEmailChangePage() {
  const { token, newEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const t = useT();
  const toSettings = { to: "/settings/account", label: t("Go to account settings") };
  if (answer) {
    return (
      <MessagePage
        title={answer.ok ? t("E-mail changed") : t("The address was not changed")}
        next={toSettings}
      >
        <p role={answer.ok ? "status" : "alert"}>{answer.message ? t(answer.message) : null}</p>
      </MessagePage>
    );
  }
  if (!newEmail) {
    return (
      <MessagePage title={t("This link has expired")} next={toSettings}>
        <p>{t(EMAIL_CHANGE_LINK_INVALID)}</p>
      </MessagePage>
    );
  }
  return (
    <PageShell title={t("Confirm your new e-mail address")}>
      <Form method="post" className="max-w-md space-y-4">
        <input type="hidden" name="token" value={token} />
        <p>{t("Use {email} for your Nukkad account from now on?", { email: newEmail })}</p>
        <SubmitButton pending={sending} pendingLabel={t("Confirming...")}>
          {t("Confirm new address")}
        </SubmitButton>
      </Form>
    </PageShell>
  );
}

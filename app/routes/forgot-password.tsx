import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { CardForm } from "~/components/form/card-form";
import { FieldError, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { usePageForm } from "~/components/form/use-schema-form";
import { PageShell } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import { clientIp } from "~/lib/auth/client-ip";
import { RESET_SENT } from "~/lib/auth/messages";
import { forgotPasswordSchema } from "~/lib/auth/schemas";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { requestPasswordReset } from "~/models/account.server";
import { ModelError } from "~/models/model-error";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Forgot password")) }));

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await requestPasswordReset(context, submission.value.email, clientIp(request.headers));
  } catch (error) {
    if (error instanceof ModelError) return refusal(error, submission);
    console.error("password reset e-mail failed", error);
    const message = msg("Something went wrong.");
    return data<ActionAnswer>(
      { ok: false, message, result: submission.reply({ formErrors: [message] }) },
      { status: 500 },
    );
  }
  // The same answer whether or not the address has an account.
  return done(RESET_SENT, submission.reply({ resetForm: true }));
}

// Too many reset e-mails say when to try again (Retry-After).
export const headers = keepActionHeaders;

const forgotPasswordForm = formSchema(() => import("~/lib/auth/schemas"), "forgotPasswordSchema");

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const [form, fields] = usePageForm(forgotPasswordForm, actionData?.result, {
    shouldRevalidate: "onBlur",
  });
  const t = useT();
  const sent = actionData?.ok ? actionData.message : null;
  useEffect(() => {
    if (actionData?.ok && actionData.message) notify.success(t(actionData.message));
  }, [actionData, t]);
  return (
    <PageShell
      title={t("Forgot password")}
      subtitle={t("We will e-mail you a link to choose a new password.")}
    >
      <CardForm
        {...getFormProps(form)}
        legend={t("Request a reset link")}
        pending={sending}
        className="max-w-md"
        footer={
          <p className="text-center text-sm">
            <Link to="/auth" className="font-semibold text-primary-strong underline">
              {t("Back to Sign In")}
            </Link>
          </p>
        }
      >
        <TextField label={t("Email")} meta={fields.email} type="email" autoComplete="email" required />
        <FieldError id={form.errorId} errors={form.errors} />
        {sent ? (
          <p role="status" className="rounded-lg bg-green-100 px-3 py-2 text-green-900 text-sm">
            {t(sent)}
          </p>
        ) : null}
        <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
          {t("Send Reset Link")}
        </SubmitButton>
      </CardForm>
    </PageShell>
  );
}

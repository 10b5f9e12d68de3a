import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CardForm } from "~/components/form/card-form";
import { FieldError, NewPasswordField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useGoOnAnswer, usePageForm } from "~/components/form/use-schema-form";
import { PageShell } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import { RESET_LINK_INVALID } from "~/lib/auth/messages";
import { resetPasswordFormServerSchema } from "~/lib/auth/schemas.server";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { resetPassword } from "~/models/account.server";
import { type EmailTokenState, emailTokenState } from "~/models/email-token.server";
import { done, invalid, refusal } from "~/request/answers.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Reset password")) }));

/** Why a link cannot set a password, said as soon as it is opened rather than after one is typed. */
const LINK_REFUSED: Record<Exclude<EmailTokenState, "usable">, string> = {
  used: msg(
    "This reset link has already been used. Each link works once: ask for a new one to choose another password.",
  ),
  expired: msg("This reset link has expired: links work for one hour. Ask for a new one."),
  unknown: RESET_LINK_INVALID,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, link: token ? await emailTokenState(context.db, token, "reset") : "unknown" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseWithZod(await readFormData(request), {
    schema: resetPasswordFormServerSchema,
    async: true,
  });
  if (submission.status !== "success") return invalid(submission);
  const { token, password } = submission.value;
  try {
    await resetPassword(context, token, password);
  } catch (error) {
    return refusal(error, submission);
  }
  return done(msg("Password updated successfully!"), submission.reply({ resetForm: true }));
}

const resetPasswordForm = formSchema(() => import("~/lib/auth/schemas"), "resetPasswordFormSchema");

export default function ResetPasswordPage() {
  const { token, link } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const updating = useNavigation().state === "submitting";
  const t = useT();
  const [form, fields] = usePageForm(resetPasswordForm, actionData?.result);
  useGoOnAnswer(actionData, actionData?.ok ? "/auth" : null, { replace: true });

  // After a successful reset the revalidated link reads "used": the form stays until the page moves on to /auth.
  if (link !== "usable" && !actionData?.ok) {
    return (
      <PageShell title={t("Reset password")}>
        <p role="status" className="max-w-md">
          {t(LINK_REFUSED[link])}
        </p>
        <Link
          to="/forgot-password"
          className="mt-4 inline-flex items-center rounded-full bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:bg-primary-strong"
        >
          {t("Request a new link")}
        </Link>
      </PageShell>
    );
  }
  return (
    <PageShell title={t("Reset password")} subtitle={t("Choose a new password of at least 8 characters.")}>
      <CardForm
        {...getFormProps(form)}
        legend={t("New password")}
        pending={updating}
        className="max-w-md"
        hidden={<input type="hidden" name="token" value={token} />}
      >
        <NewPasswordField label={t("New Password")} meta={fields.password} />
        <NewPasswordField label={t("Confirm Password")} meta={fields.confirm_password} />
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton pending={updating} pendingLabel={t("Updating...")}>
          {t("Update Password")}
        </SubmitButton>
      </CardForm>
    </PageShell>
  );
}

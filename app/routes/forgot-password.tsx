import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { Form, Link, type MetaFunction, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { FieldError, TextField } from "~/components/form/field";
import { PageShell } from "~/components/site-layout";
import { clientIp } from "~/lib/auth/client-ip";
import { RESET_SENT } from "~/lib/auth/messages";
import { forgotPasswordSchema } from "~/lib/auth/schemas";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { readFormData } from "~/lib/http/form-data.server";
import { requestPasswordReset } from "~/models/account.server";
import { ModelError } from "~/models/model-error";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";

export const meta: MetaFunction = () => [{ title: "Forgot password · Nukkad" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await requestPasswordReset(context, submission.value.email, clientIp(request.headers));
  } catch (error) {
    if (error instanceof ModelError) return refusal(error, submission);
    console.error("password reset e-mail failed", error);
    const message = "Something went wrong.";
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

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  const sent = actionData?.ok ? actionData.message : null;
  useEffect(() => {
    if (actionData?.ok && actionData.message) notify.success(actionData.message);
  }, [actionData]);
  return (
    <PageShell title="Forgot password" subtitle="We will e-mail you a link to choose a new password.">
      <Form
        method="post"
        {...getFormProps(form)}
        className="max-w-md space-y-4 rounded-2xl border border-border bg-surface p-6"
      >
        <fieldset disabled={sending} className="space-y-4">
          <legend className="sr-only">Request a reset link</legend>
          <TextField label="Email" meta={fields.email} type="email" autoComplete="email" required />
          <FieldError id={form.errorId} errors={form.errors} />
          {sent ? (
            <p role="status" className="rounded-lg bg-green-100 px-3 py-2 text-green-900 text-sm">
              {sent}
            </p>
          ) : null}
          <button
            type="submit"
            className="w-full rounded-full bg-primary py-3 font-semibold text-primary-foreground disabled:opacity-60"
          >
            {sending ? "Sending..." : "Send Reset Link"}
          </button>
        </fieldset>
        <p className="text-center text-sm">
          <Link to="/auth" className="font-semibold text-primary-strong underline">
            Back to Sign In
          </Link>
        </p>
      </Form>
    </PageShell>
  );
}

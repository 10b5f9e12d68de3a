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
import { readFormData } from "~/lib/http/form-data.server";

import { requestPasswordReset } from "~/models/account.server";

export const meta: MetaFunction = () => [{ title: "Forgot password · Nukkad" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  let result: Awaited<ReturnType<typeof requestPasswordReset>>;
  try {
    result = await requestPasswordReset(context, submission.value.email, clientIp(request.headers));
  } catch (error) {
    console.error("password reset e-mail failed", error);
    return data(
      { result: submission.reply({ formErrors: ["Something went wrong."] }), sent: false },
      { status: 500 },
    );
  }
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.error] }), sent: false },
      { status: result.status, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

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
  useEffect(() => {
    if (actionData?.sent) notify.success(RESET_SENT);
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
          {actionData?.sent ? (
            <p role="status" className="rounded-lg bg-green-100 px-3 py-2 text-green-900 text-sm">
              {RESET_SENT}
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

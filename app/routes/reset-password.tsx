import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CardForm } from "~/components/form/card-form";
import { FieldError, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/pending-button";
import { useGoOnAnswer, usePageForm } from "~/components/form/use-schema-form";
import { PageShell } from "~/components/site-layout";
import { RESET_LINK_INVALID } from "~/lib/auth/messages";
import { resetPasswordFormSchema } from "~/lib/auth/schemas";
import { resetPasswordFormServerSchema } from "~/lib/auth/schemas.server";
import { readFormData } from "~/lib/http/form-data.server";
import { resetPassword } from "~/models/account.server";
import { done, invalid, refusal } from "~/request/answers.server";

export const meta: MetaFunction = () => [{ title: "Reset password · Nukkad" }];

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
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
  return done("Password updated successfully!", submission.reply({ resetForm: true }));
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const updating = useNavigation().state === "submitting";
  const [form, fields] = usePageForm(resetPasswordFormSchema, actionData?.result);
  useGoOnAnswer(actionData, actionData?.ok ? "/auth" : null, { replace: true });

  if (!token) {
    return (
      <PageShell title="Reset password">
        <p>{RESET_LINK_INVALID}</p>
        <Link to="/forgot-password" className="mt-4 inline-block font-semibold text-primary-strong underline">
          Request a new link
        </Link>
      </PageShell>
    );
  }
  return (
    <PageShell title="Reset password" subtitle="Choose a new password of at least 8 characters.">
      <CardForm
        {...getFormProps(form)}
        legend="New password"
        pending={updating}
        className="max-w-md"
        hidden={<input type="hidden" name="token" value={token} />}
      >
        <TextField
          label="New Password"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          label="Confirm Password"
          meta={fields.confirm_password}
          type="password"
          autoComplete="new-password"
          required
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton pending={updating} pendingLabel="Updating...">
          Update Password
        </SubmitButton>
      </CardForm>
    </PageShell>
  );
}

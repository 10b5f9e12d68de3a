import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect } from "react";
import { FieldError, TextField } from "~/components/form/field";
import { PageShell } from "~/components/site-layout";
import { RESET_LINK_INVALID } from "~/lib/auth/messages";
import { resetPasswordFormSchema } from "~/lib/auth/schemas";
import { resetPasswordFormServerSchema } from "~/lib/auth/schemas.server";
import { notify } from "~/lib/client/notify";
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
  const navigation = useNavigation();
  const navigate = useNavigate();
  const updating = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(resetPasswordFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
  });
  // Navigate once Remix has finished revalidating after the action, so that revalidation is not aborted.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!actionData?.ok || !settled) return;
    if (actionData.message) notify.success(actionData.message);
    navigate("/auth", { replace: true });
  }, [actionData, settled, navigate]);

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
      <Form
        method="post"
        {...getFormProps(form)}
        className="max-w-md space-y-4 rounded-2xl border border-border bg-surface p-6"
      >
        <input type="hidden" name="token" value={token} />
        <fieldset disabled={updating} className="space-y-4">
          <legend className="sr-only">New password</legend>
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
          <button
            type="submit"
            className="w-full rounded-full bg-primary py-3 font-semibold text-primary-foreground disabled:opacity-60"
          >
            {updating ? "Updating..." : "Update Password"}
          </button>
        </fieldset>
      </Form>
    </PageShell>
  );
}

import { getFormProps } from "@conform-to/react";
import { FieldError, TextField } from "~/components/form/field";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { useT } from "~/components/use-t";
import { changePasswordFormSchema } from "~/lib/schemas/account";
import { OUTLINE_BUTTON, PRIMARY_BUTTON } from "./account-section";

/**
 * Change the password (the current one first; every other session is signed out). An account without a password
 * (signed up with Google or GitHub) gets one through a link to its address instead: the session alone does not
 * prove enough to add a way in.
 */
export function AccountPassword({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useT();
  const change = useActionFetcher();
  const link = useActionFetcher();
  const [form, fields] = useFetcherForm(changePasswordFormSchema, change, { id: "password-change" });
  if (!hasPassword) {
    return (
      <link.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="password-link" />
        <p>
          {t(
            "Your account has no password: you sign in with Google or GitHub. To add one, we e-mail a link to {email}.",
            { email },
          )}
        </p>
        <PendingButton
          type="submit"
          pending={link.state !== "idle"}
          pendingLabel={t("Sending...")}
          className={OUTLINE_BUTTON}
        >
          {t("E-mail me a link to set a password")}
        </PendingButton>
      </link.Form>
    );
  }
  return (
    <change.Form method="post" {...getFormProps(form)} className="max-w-md space-y-3">
      <input type="hidden" name="intent" value="password" />
      <TextField
        label={t("Current password")}
        meta={fields.current_password}
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label={t("New password")}
        meta={fields.new_password}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        label={t("Confirm new password")}
        meta={fields.confirm_password}
        type="password"
        autoComplete="new-password"
        required
      />
      <FieldError id={form.errorId} errors={form.errors} />
      <p className="text-ink-muted text-sm">{t("Changing it signs out every other session.")}</p>
      <PendingButton
        type="submit"
        pending={change.state !== "idle"}
        pendingLabel={t("Updating...")}
        className={PRIMARY_BUTTON}
      >
        {t("Change password")}
      </PendingButton>
    </change.Form>
  );
}

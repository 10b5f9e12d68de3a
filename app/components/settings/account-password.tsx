import { CurrentPasswordField, NewPasswordField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { IntentButton } from "~/components/form/intent-button";
import { useT } from "~/components/use-t";
import { AccountForm, OUTLINE_BUTTON } from "./account-section";

const changePasswordForm = formSchema(() => import("~/lib/schemas/account"), "changePasswordFormSchema");

/**
 * Change the password (the current one first; every other session is signed out). An account without a password
 * (signed up with Google or GitHub) gets one through a link to its address instead: the session alone does not
 * prove enough to add a way in.
 */
export function AccountPassword({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useT();
  if (!hasPassword) {
    return (
      <div className="space-y-3">
        <p>
          {t(
            "Your account has no password: you sign in with Google or GitHub. To add one, we e-mail a link to {email}.",
            { email },
          )}
        </p>
        <IntentButton intent="password-link" pendingLabel={t("Sending...")} className={OUTLINE_BUTTON}>
          {t("E-mail me a link to set a password")}
        </IntentButton>
      </div>
    );
  }
  return (
    <AccountForm
      schema={changePasswordForm}
      id="password-change"
      intent="password"
      note={t("Changing it signs out every other session.")}
      pendingLabel={t("Updating...")}
      submitLabel={t("Change password")}
    >
      {(fields) => (
        <>
          <CurrentPasswordField meta={fields.current_password} />
          <NewPasswordField label={t("New password")} meta={fields.new_password} />
          <NewPasswordField label={t("Confirm new password")} meta={fields.confirm_password} />
        </>
      )}
    </AccountForm>
  );
}

import { CurrentPasswordField, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { IntentButton } from "~/components/form/intent-button";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";
import { AccountForm, OUTLINE_BUTTON } from "./account-section";

const emailChangeForm = formSchema(() => import("~/lib/schemas/account"), "emailChangeSchema");

/**
 * The address, whether it is confirmed, a change waiting for its link (with Cancel), and the form that starts
 * one: the new address, and the current password when the account has one.
 */
export function AccountEmail({
  email,
  verified,
  pending,
  hasPassword,
}: {
  email: string;
  verified: boolean;
  pending: { newEmail: string; expiresAt: number } | null;
  hasPassword: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="space-y-4">
      <p>
        <span className="font-medium">{email}</span>{" "}
        <span className="text-ink-muted text-sm">({verified ? t("Confirmed") : t("Not confirmed yet")})</span>
      </p>
      {pending ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-muted p-3 text-sm">
          <p className="flex-1">
            {t("Waiting for you to open the link sent to {email} (until {time}).", {
              email: pending.newEmail,
              time: formatMoment(pending.expiresAt, locale),
            })}
          </p>
          <IntentButton intent="cancel-email" pendingLabel={t("Cancelling...")} className={OUTLINE_BUTTON}>
            {t("Cancel the change")}
          </IntentButton>
        </div>
      ) : null}
      <AccountForm
        schema={emailChangeForm}
        id="email-change"
        intent="email"
        note={t(
          "We send a link to the new address and tell the current one. The address changes when you open the link.",
        )}
        pendingLabel={t("Sending...")}
        submitLabel={t("Change e-mail")}
      >
        {(fields) => (
          <>
            <TextField
              label={t("New e-mail address")}
              meta={fields.new_email}
              type="email"
              autoComplete="email"
              required
            />
            {hasPassword ? <CurrentPasswordField meta={fields.current_password} /> : null}
          </>
        )}
      </AccountForm>
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { FieldError, TextField } from "~/components/form/field";
import { PendingButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";
import { emailChangeSchema } from "~/lib/schemas/account";
import { OUTLINE_BUTTON, PRIMARY_BUTTON } from "./account-section";

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
  const change = useActionFetcher();
  const cancel = useActionFetcher();
  const [form, fields] = useFetcherForm(emailChangeSchema, change, { id: "email-change" });
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
          <cancel.Form method="post">
            <input type="hidden" name="intent" value="cancel-email" />
            <PendingButton
              type="submit"
              pending={cancel.state !== "idle"}
              pendingLabel={t("Cancelling...")}
              className={OUTLINE_BUTTON}
            >
              {t("Cancel the change")}
            </PendingButton>
          </cancel.Form>
        </div>
      ) : null}
      <change.Form method="post" {...getFormProps(form)} className="max-w-md space-y-3">
        <input type="hidden" name="intent" value="email" />
        <TextField
          label={t("New e-mail address")}
          meta={fields.new_email}
          type="email"
          autoComplete="email"
          required
        />
        {hasPassword ? (
          <TextField
            label={t("Current password")}
            meta={fields.current_password}
            type="password"
            autoComplete="current-password"
            required
          />
        ) : null}
        <FieldError id={form.errorId} errors={form.errors} />
        <p className="text-ink-muted text-sm">
          {t(
            "We send a link to the new address and tell the current one. The address changes when you open the link.",
          )}
        </p>
        <PendingButton
          type="submit"
          pending={change.state !== "idle"}
          pendingLabel={t("Sending...")}
          className={PRIMARY_BUTTON}
        >
          {t("Change e-mail")}
        </PendingButton>
      </change.Form>
    </div>
  );
}

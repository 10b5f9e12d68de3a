import { MailWarning } from "lucide-react";
import type { ReactNode } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { msg } from "~/lib/i18n/translate";
import { useT } from "./use-t";

/** Why a signed-in user with an unconfirmed address cannot add something yet, with "Send the link again". */
export function ConfirmEmailNotice({
  title = msg("Confirm your e-mail address first"),
  children,
  className = "mt-6 rounded-2xl border border-border bg-surface p-6",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <MailWarning aria-hidden="true" className="size-8 text-primary-strong" />
      <h2 className="mt-2 font-bold text-xl">{t(title)}</h2>
      <p className="mt-1 text-ink-muted">{children}</p>
      <ResendConfirmation
        formClassName="mt-4"
        buttonClassName="min-h-11 rounded-full bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-60"
        statusClassName="mt-2 text-sm"
      />
    </div>
  );
}

/** "Send the link again": e-mails a new confirmation link and says how that went. */
export function ResendConfirmation({
  formClassName,
  buttonClassName,
  statusClassName,
}: {
  formClassName?: string;
  buttonClassName: string;
  statusClassName?: string;
}) {
  const resend = useActionFetcher({ inline: true });
  const t = useT();
  return (
    <>
      <resend.Form method="post" action="/confirm-email/resend" className={formClassName}>
        <button type="submit" disabled={resend.state !== "idle"} className={buttonClassName}>
          {resend.state !== "idle" ? t("Sending...") : t("Send the link again")}
        </button>
      </resend.Form>
      <p role="status" className={statusClassName}>
        {resend.data?.message ? t(resend.data.message) : null}
      </p>
    </>
  );
}

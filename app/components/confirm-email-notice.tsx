import { useFetcher } from "@remix-run/react";
import { MailWarning } from "lucide-react";
import type { ReactNode } from "react";

/** Why a signed-in user with an unconfirmed address cannot add something yet, with "Send the link again". */
export function ConfirmEmailNotice({
  title = "Confirm your e-mail address first",
  children,
  className = "mt-6 rounded-2xl border border-border bg-surface p-6",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const resend = useFetcher<{ ok: boolean; message: string }>();
  return (
    <div className={className}>
      <MailWarning aria-hidden="true" className="size-8 text-primary-strong" />
      <h2 className="mt-2 font-bold text-xl">{title}</h2>
      <p className="mt-1 text-ink-muted">{children}</p>
      <resend.Form method="post" action="/confirm-email/resend" className="mt-4">
        <button
          type="submit"
          disabled={resend.state !== "idle"}
          className="min-h-11 rounded-full bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-60"
        >
          {resend.state !== "idle" ? "Sending..." : "Send the link again"}
        </button>
      </resend.Form>
      <p role="status" className="mt-2 text-sm">
        {resend.data?.message}
      </p>
    </div>
  );
}

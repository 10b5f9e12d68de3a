import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CardForm } from "~/components/form/card-form";
import { FieldError, TextAreaField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { usePageForm } from "~/components/form/use-schema-form";
import { MessagePage } from "~/components/page/message-page";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { clientIp } from "~/lib/auth/client-ip";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { formatMoment } from "~/lib/rules/time-format";
import { appealSchema } from "~/lib/schemas/account-action";
import { ACCOUNT_ACTION_LABELS, APPEAL_MAX } from "~/lib/schemas/account-action-fields";
import { fileAppeal, findAppealable } from "~/models/account-action/account-action.server";
import { done, invalid, refusal } from "~/request/answers.server";

// An appeal of a moderator's decision on one's account (ADR 052): reached from the notice (signed in) or from the
// e-mail's link with its token (a suspended person cannot sign in).

export const meta = pageMeta((t) => ({ title: pageTitle(t("Appeal a decision")) }));

const APPEAL_SENT = msg("Your appeal is on its way to the moderators. We reply by e-mail within 24 hours.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const viewer = await context.viewer();
  const appealed = await findAppealable(context.db, { token, userId: viewer?.id });
  if (!appealed) return { decision: null, token: null };
  const { person: _, ...decision } = appealed;
  return { decision, token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: appealSchema });
  if (submission.status !== "success") return invalid(submission);
  const viewer = await context.viewer();
  try {
    await fileAppeal(
      context,
      { token: submission.value.token, userId: viewer?.id },
      submission.value.message,
      clientIp(request.headers),
    );
  } catch (error) {
    return refusal(error, submission);
  }
  return done(APPEAL_SENT, submission.reply({ resetForm: true }));
}

const appealForm = formSchema(() => import("~/lib/schemas/account-action"), "appealSchema");

export default function AppealPage() {
  const { decision, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const t = useT();
  const locale = useLocale();
  const [form, fields] = usePageForm(appealForm, answer?.result);
  if (!decision)
    return (
      <MessagePage
        title={t("Appeal a decision")}
        next={{ to: "/auth?redirectTo=/appeal", label: t("Sign in") }}
      >
        <p>{t("There is no moderator's decision on your account to appeal.")}</p>
      </MessagePage>
    );
  return (
    <MessagePage title={t("Appeal a decision")}>
      <p className="max-w-xl">
        {t("A moderator's decision: {action}, {date}.", {
          action: t(ACCOUNT_ACTION_LABELS[decision.action]),
          date: formatMoment(decision.created_at, locale),
        })}{" "}
        {decision.until ? t("It ends {date}.", { date: formatMoment(decision.until, locale) }) : null}
      </p>
      <p className="mt-2 max-w-xl text-ink-muted">{t("Reason: {reason}", { reason: decision.reason })}</p>
      {answer?.ok && answer.message ? (
        <p role="status" className="mt-6 max-w-xl rounded-2xl border border-border bg-surface p-6">
          {t(answer.message)}
        </p>
      ) : (
        <CardForm
          {...getFormProps(form)}
          legend={t("Your appeal")}
          pending={sending}
          className="mt-6 max-w-xl"
          hidden={token ? <input type="hidden" name="token" value={token} /> : null}
        >
          <TextAreaField
            label={t("Why should it be reconsidered?")}
            meta={fields.message}
            required
            rows={6}
            maxLength={APPEAL_MAX}
          />
          <FieldError id={form.errorId} errors={form.errors} />
          <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
            {t("Send appeal")}
          </SubmitButton>
        </CardForm>
      )}
    </MessagePage>
  );
}

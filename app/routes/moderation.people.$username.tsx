import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CardForm } from "~/components/form/card-form";
import { ChoiceField } from "~/components/form/choice-field";
import { Field, FieldError, TextAreaField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useAnswerToast } from "~/components/form/use-answer-toast";
import { usePageForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { PageShell } from "~/components/layout/page-shell";
import { TitledSection } from "~/components/layout/titled-section";
import { ROLE_INTENT, RoleForm } from "~/components/moderation/log-role-form";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { readFormData } from "~/lib/http/form-data.server";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { formatDay, formatMoment } from "~/lib/rules/time-format";
import { accountActionSchema } from "~/lib/schemas/account-action";
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_ACTION_REASON_MAX,
  ACCOUNT_ACTIONS,
} from "~/lib/schemas/account-action-fields";
import { roleChangeSchema } from "~/lib/schemas/moderation-log";
import { actOnAccount, type PersonRecord, personRecord } from "~/models/account-action/account-action.server";
import { changeRole } from "~/models/audit.server";
import type { SessionUser } from "~/models/session.server";
import { done, invalid, refusal } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(data?.person.name ?? t("Person"), t("Moderation")) }];
};

const DONE = {
  warn: msg("Warning sent. They are told by e-mail and notification."),
  silence: msg("Silenced. They can read, but not post."),
  suspend: msg("Suspended. Every session of theirs is signed out and their content hidden."),
  remove_spam: msg("Removed as spam: suspended, content hidden, waiting stalls rejected."),
  lift: msg("Lifted. What was hidden is back."),
};

const ROLE_DONE = {
  moderator: msg("They are a moderator now."),
  user: msg("They are no longer a moderator."),
};

/** `admin`: the viewer may grant or take the moderator role (admins alone). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireModerator(request, context);
  const person = await personRecord(context.db, params.username ?? "");
  if (!person) throw new Response("Not Found", { status: 404 });
  return { person, admin: viewer.role === "admin" };
}

/** The moderator role (its form's intent), through the API's model, which refuses anyone but an admin. */
async function roleAction(
  form: FormData,
  context: ActionFunctionArgs["context"],
  actor: SessionUser,
  username: string,
) {
  const submission = parseWithZod(form, { schema: roleChangeSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await changeRole(context.db, context.kv, actor, username, submission.value);
  } catch (error) {
    return refusal(error, submission);
  }
  return done(ROLE_DONE[submission.value.role], submission.reply({ resetForm: true }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === ROLE_INTENT) return roleAction(form, context, moderator, params.username ?? "");
  const submission = parseWithZod(form, { schema: accountActionSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await actOnAccount(context, moderator, params.username ?? "", submission.value);
  } catch (error) {
    return refusal(error, submission);
  }
  return done(DONE[submission.value.action], submission.reply({ resetForm: true }));
}

const accountActionForm = formSchema(() => import("~/lib/schemas/account-action"), "accountActionSchema");

export default function PersonPage() {
  const { person, admin } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const t = useT();
  const locale = useLocale();
  useAnswerToast(answer);
  const [form, fields] = usePageForm(accountActionForm, answer?.result, {
    defaultValue: { action: "warn" },
  });
  const { restriction } = person;
  return (
    <PageShell title={person.name} subtitle={`@${person.username}`}>
      <div className="flex items-center gap-4">
        <UserAvatar name={person.name} url={person.avatar_url} className="size-16 text-xl" />
        <div className="text-ink-muted">
          <p>{t("Member since {date}", { date: formatDay(person.joined_at, locale) })}</p>
          <p>{person.email_confirmed ? t("E-mail confirmed") : t("E-mail not confirmed")}</p>
          <p role="status">
            {restriction === null
              ? t("No restriction in force")
              : restriction.until === null
                ? t("{action} until lifted", { action: t(ACCOUNT_ACTION_LABELS[restriction.action]) })
                : t("{action} until {date}", {
                    action: t(ACCOUNT_ACTION_LABELS[restriction.action]),
                    date: formatMoment(restriction.until, locale),
                  })}
          </p>
          <Link to={`/u/${person.username}`} className="font-semibold text-primary-strong underline">
            {t("Public profile")}
          </Link>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CardForm {...getFormProps(form)} legend={t("Act on this account")} pending={sending} className="">
          <h2 className="font-bold text-lg">{t("Act on this account")}</h2>
          <ChoiceField
            legend={t("Action")}
            meta={fields.action}
            options={ACCOUNT_ACTIONS.map((value) => ({ value, label: t(ACCOUNT_ACTION_LABELS[value]) }))}
            className="rounded-lg border border-border px-3 py-2"
          />
          <TextAreaField
            label={t("Reason (they are told)")}
            meta={fields.reason}
            required
            rows={3}
            maxLength={ACCOUNT_ACTION_REASON_MAX}
          />
          <Field label={t("Until (optional; silence and suspension only)")} meta={fields.until}>
            <input
              {...getInputProps(fields.until, { type: "date" })}
              key={fields.until.key}
              className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
            />
          </Field>
          <FieldError id={form.errorId} errors={form.errors} />
          <SubmitButton pending={sending} pendingLabel={t("Saving...")}>
            {t("Apply")}
          </SubmitButton>
        </CardForm>
        <History actions={person.actions} />
      </div>
      {admin && person.role !== "admin" ? (
        <div className="mt-6 lg:w-1/2">
          <RoleForm name={person.name} moderator={person.role === "moderator"} />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <TitledSection id="person-content" title={t("Recent content")} look="card">
          <ItemList
            items={person.content.map((item) => ({ ...item, id: `${item.kind}:${item.key}` }))}
            empty={t("Nothing written yet")}
            className="mt-3 space-y-2"
          >
            {(item) => (
              <p>
                <span className="font-semibold">{t(CONTENT_LABELS[item.kind])}</span> ·{" "}
                {formatMoment(item.created_at, locale)}
                {item.hidden ? ` · ${t("hidden")}` : null}
                <span className="block text-ink-muted">{item.text}</span>
              </p>
            )}
          </ItemList>
        </TitledSection>
        <TitledSection id="person-reports" title={t("Reports about them")} look="card">
          <ItemList items={person.reports} empty={t("No reports")} className="mt-3 space-y-2">
            {(report) => (
              <p>
                <span className="font-semibold">
                  {t(CONTENT_LABELS[report.type as keyof typeof CONTENT_LABELS] ?? report.type)}
                </span>{" "}
                · {formatMoment(report.created_at, locale)} · {report.decision ?? t("open")}
                <span className="block text-ink-muted">{report.details || report.reason}</span>
              </p>
            )}
          </ItemList>
        </TitledSection>
      </div>
    </PageShell>
  );
}

const CONTENT_LABELS = {
  post: msg("Post"),
  comment: msg("Comment"),
  reel: msg("Reel"),
  trail: msg("Trail"),
  stall: msg("Stall"),
  person: msg("Person"),
  review: msg("Review"),
};

function History({ actions }: { actions: PersonRecord["actions"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <TitledSection id="person-actions" title={t("Past actions")} look="card">
      <ItemList items={actions} empty={t("No actions yet")} className="mt-3 space-y-2">
        {(taken) => (
          <p>
            <span className="font-semibold">{t(ACCOUNT_ACTION_LABELS[taken.action])}</span> ·{" "}
            {formatMoment(taken.created_at, locale)} · {taken.moderator ?? t("Deleted user")}
            {taken.until ? ` · ${t("until {date}", { date: formatMoment(taken.until, locale) })}` : null}
            {taken.ended_at
              ? ` · ${t("ended {date}", { date: formatMoment(taken.ended_at, locale) })}`
              : null}
            <span className="block text-ink-muted">{taken.reason}</span>
          </p>
        )}
      </ItemList>
    </TitledSection>
  );
}

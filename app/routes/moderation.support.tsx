import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { FieldError } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { PageShell } from "~/components/layout/page-shell";
import { Pager } from "~/components/layout/pager";
import { RouteError } from "~/components/route-error";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { SUPPORT_STATUSES, type SupportStatus } from "~/lib/rules/options";
import { supportAnswerSchema, supportInboxQuerySchema } from "~/lib/schemas/contact";
import { CONTACT_TOPIC_LABELS, SUPPORT_ANSWER_MAX } from "~/lib/schemas/contact-fields";
import { readQueuePageQuery } from "~/lib/schemas/moderation";
import { countNewsletterSubscribers } from "~/models/newsletter.server";
import {
  answerSupportMessage,
  countSupportMessages,
  listSupportMessages,
  type SupportMessage,
} from "~/models/support.server";
import { done, invalid, refusal } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Support inbox"), t("Moderation")) }];
};

const STATUS_TABS: Record<SupportStatus, string> = { open: msg("Open"), answered: msg("Answered") };

const inboxHref = (status: SupportStatus, cursor: string | null = null) => {
  const params = new URLSearchParams();
  if (status !== "open") params.set("status", status);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `/moderation/support?${search}` : "/moderation/support";
};

/** Moderators and admins only: visitors sign in first, everyone else finds no such page (requireModerator). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const { db } = context;
  const { query, notice } = readQueuePageQuery(supportInboxQuerySchema, new URL(request.url).searchParams);
  const [counts, page, subscribers] = await Promise.all([
    countSupportMessages(db),
    listSupportMessages(db, query),
    countNewsletterSubscribers(db),
  ]);
  return { status: query.status, counts, page, subscribers, notice };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: supportAnswerSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const { name, email, mailed } = await answerSupportMessage(context, submission.value, moderator.id);
    return done(
      mailed
        ? msg("Answer sent to {name}.", { name })
        : msg("Answer saved, but the e-mail could not be sent: please write to {email} yourself.", { email }),
      submission.reply({ resetForm: true }),
    );
  } catch (error) {
    return refusal(error, submission);
  }
}

export default function SupportInboxPage() {
  const { status, counts, page, subscribers, notice } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell
      title={t("Support inbox")}
      subtitle={t("Messages from the contact form. Answering sends the answer to the sender by e-mail.")}
    >
      <nav aria-label={t("Support inbox")}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {SUPPORT_STATUSES.map((each) => (
            <li key={each}>
              <Link
                to={inboxHref(each)}
                aria-current={each === status ? "page" : undefined}
                className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted aria-[current=page]:border-primary-strong aria-[current=page]:bg-primary-strong aria-[current=page]:text-primary-foreground"
              >
                {t(STATUS_TABS[each])}
                <span className="rounded-full bg-surface-muted px-2 text-ink text-xs">{counts[each]}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/moderation"
              className="inline-flex items-center rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted"
            >
              {t("Moderation queues")}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="mt-3 text-ink-muted text-sm">
        {t(
          "{count, plural, one {# confirmed newsletter subscriber} other {# confirmed newsletter subscribers}}",
          {
            count: subscribers,
          },
        )}
      </p>
      {notice ? (
        <p role="alert" className="mt-4 rounded-lg border border-closed p-3 text-sm">
          {t(notice)}
        </p>
      ) : null}
      <h2 className="mt-6 font-bold text-lg">
        {status === "open"
          ? t("{count, plural, one {# open message} other {# open messages}}, oldest first", {
              count: counts.open,
            })
          : t("{count, plural, one {# answered message} other {# answered messages}}, newest first", {
              count: counts.answered,
            })}
      </h2>
      <ItemList
        items={page.items}
        empty={status === "open" ? t("No open messages. All caught up!") : t("No answered messages yet.")}
        ordered
        className="mt-3 space-y-4"
      >
        {(message) => <SupportMessageCard message={message} />}
      </ItemList>
      <Pager
        label={t("Support inbox pages")}
        previous={page.previous ? inboxHref(status, page.previous) : null}
        next={page.next ? inboxHref(status, page.next) : null}
      />
    </PageShell>
  );
}

function SupportMessageCard({ message }: { message: SupportMessage }) {
  const t = useT();
  const locale = useLocale();
  const headingId = `message-${message.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4">
      <h3 id={headingId} className="font-semibold">
        {t("{topic} from {name}", { topic: t(CONTACT_TOPIC_LABELS[message.topic]), name: message.name })}
      </h3>
      <p className="text-ink-muted text-sm">
        <a href={`mailto:${message.email}`} className="underline">
          {message.email}
        </a>{" "}
        · {new Date(message.createdAt).toLocaleString(locale)}
        {message.signedIn ? ` · ${t("signed in")}` : ""}
      </p>
      {message.page ? (
        <p className="text-ink-muted text-sm">
          {t("Sent from {page}, app version {version}", {
            page: message.page,
            version: message.appVersion ?? "",
          })}
        </p>
      ) : null}
      <p className="mt-2 whitespace-pre-wrap">{message.message}</p>
      {message.status === "answered" ? (
        <div className="mt-3 rounded-lg bg-surface-muted p-3">
          <p className="font-semibold text-sm">
            {t("Answered by {moderator} · {time}", {
              moderator: message.answeredBy ?? t("a former moderator"),
              time: message.answeredAt ? new Date(message.answeredAt).toLocaleString(locale) : "",
            })}
          </p>
          <p className="mt-1 whitespace-pre-wrap">{message.answer}</p>
        </div>
      ) : (
        <AnswerForm message={message} />
      )}
    </article>
  );
}

const supportAnswerForm = formSchema(() => import("~/lib/schemas/contact"), "supportAnswerSchema");

function AnswerForm({ message }: { message: SupportMessage }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const [form, fields] = useFetcherForm(supportAnswerForm, fetcher, {
    id: `answer-${message.id}`,
    defaultValue: { id: message.id },
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
      <input type="hidden" name="id" value={message.id} />
      <label htmlFor={fields.answer.id} className="block font-medium text-sm">
        {t("Answer to {name}", { name: message.name })}
      </label>
      <textarea
        {...getTextareaProps(fields.answer)}
        key={fields.answer.key}
        rows={4}
        maxLength={SUPPORT_ANSWER_MAX}
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
      />
      <FieldError id={fields.answer.errorId} errors={fields.answer.errors} />
      <FieldError id={form.errorId} errors={form.errors} />
      <SubmitButton pending={busy} pendingLabel={t("Sending...")} className="md:w-auto md:px-8">
        {t("Send answer")}
      </SubmitButton>
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}

import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CardForm } from "~/components/form/card-form";
import { CharacterCount, FieldError, TextAreaField, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { SelectField } from "~/components/form/select-field";
import { usePageForm } from "~/components/form/use-schema-form";
import { PageShell } from "~/components/layout/page-shell";
import { SupportEmailLink } from "~/components/page/legal";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { clientIp } from "~/lib/auth/client-ip";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { CONTACT_TOPICS, type ContactTopic } from "~/lib/rules/options";
import { contactSchema } from "~/lib/schemas/contact";
import {
  APP_VERSION,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_TOPIC_LABELS,
} from "~/lib/schemas/contact-fields";
import { submitContactMessage } from "~/models/support.server";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Contact Us")) }));

export const headers = keepActionHeaders;

const contactForm = formSchema(() => import("~/lib/schemas/contact"), "contactSchema");

export const MESSAGE_SENT = msg("Thank you! Your message is on its way to us, and we reply within 24 hours.");

/**
 * The form, filled in as far as the page knows: a signed-in user's name and address, and what Settings' 'Report a
 * problem' link says (?topic=problem&page=/where/it/happened).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const params = new URL(request.url).searchParams;
  const topic = params.get("topic");
  const page = contactSchema.shape.page.safeParse(params.get("page") ?? undefined);
  return {
    name: viewer?.fullName ?? "",
    email: viewer?.email ?? "",
    topic: CONTACT_TOPICS.includes(topic as ContactTopic) ? (topic as ContactTopic) : null,
    page: page.success ? (page.data ?? null) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: contactSchema });
  if (submission.status !== "success") return invalid(submission);
  const viewer = await context.viewer();
  try {
    await submitContactMessage(context, submission.value, {
      userId: viewer?.id ?? null,
      ip: clientIp(request.headers),
    });
  } catch (error) {
    return refusal(error, submission);
  }
  return done(MESSAGE_SENT, submission.reply({ resetForm: true }));
}

export default function ContactPage() {
  const prefill = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const t = useT();
  const [form, fields] = usePageForm(contactForm, answer?.result, {
    defaultValue: {
      name: prefill.name,
      email: prefill.email,
      topic: prefill.topic ?? undefined,
    },
  });
  // Kept as typed when a refusal sends the form back.
  const [length, setLength] = useState(() => String(fields.message.initialValue ?? "").length);
  const countId = `${fields.message.id}-count`;
  const reportsProblem = prefill.page !== null;

  return (
    <PageShell
      title={t("Contact Us")}
      subtitle={t("Questions, corrections, a stall that moved: we read everything")}
    >
      {answer?.ok && answer.message ? (
        <div role="status" className="max-w-xl rounded-2xl border border-border bg-surface p-6">
          <h2 className="font-bold text-lg">{t("Message sent")}</h2>
          <p className="mt-2">{t(answer.message)}</p>
          <p className="mt-2 text-ink-muted text-sm">{t("A confirmation is on its way to your inbox.")}</p>
          <Link to="/help" className="mt-4 inline-block font-semibold text-primary-strong underline">
            {t("Browse the Help Center")}
          </Link>
        </div>
      ) : (
        <CardForm
          {...getFormProps(form)}
          legend={t("Your message")}
          pending={sending}
          className="max-w-xl"
          hidden={prefill.page ? <input type="hidden" name="page" value={prefill.page} /> : null}
        >
          <TextField
            label={t("Name")}
            meta={fields.name}
            type="text"
            required
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
          />
          <TextField label={t("Email")} meta={fields.email} type="email" required autoComplete="email" />
          <SelectField
            label={t("Topic")}
            meta={fields.topic}
            required
            placeholder={t("Choose a topic")}
            options={CONTACT_TOPICS}
            labels={CONTACT_TOPIC_LABELS}
          />
          <TextAreaField
            label={t("Message")}
            meta={fields.message}
            required
            rows={7}
            maxLength={CONTACT_MESSAGE_MAX}
            onChange={(event) => setLength(event.currentTarget.value.length)}
            aria-describedby={fields.message.errors ? `${fields.message.errorId} ${countId}` : countId}
            note={
              <div id={countId}>
                <CharacterCount length={length} max={CONTACT_MESSAGE_MAX} />
              </div>
            }
          />
          {reportsProblem ? (
            <p className="text-ink-muted text-sm">
              {t("Sent with your report: the page {page} and the app version {version}.", {
                page: prefill.page ?? "",
                version: APP_VERSION,
              })}
            </p>
          ) : null}
          <FieldError id={form.errorId} errors={form.errors} />
          <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
            {t("Send Message")}
          </SubmitButton>
        </CardForm>
      )}
      <p className="mt-6 text-ink-muted">
        <Sentence
          text={t("You can also write to {email}. We reply within 24 hours.", { email: slot("email") })}
          parts={{ email: <SupportEmailLink /> }}
        />
      </p>
    </PageShell>
  );
}

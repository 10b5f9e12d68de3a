import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox, profiles, users } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { isLanguage, type Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (confirm, reset), shown on /dev/mail and printed in development. */
  link?: string;
  /** Extra headers, such as List-Unsubscribe on newsletter mail; the development outbox does not keep them. */
  headers?: Record<string, string>;
}

/**
 * The mailer adapter. With RESEND_API_KEY set, mail goes out through Resend's HTTP API; without it (local
 * development and tests), it is stored in the outbox table, listed at /dev/mail, and its link is printed.
 */
export async function sendMail(
  db: Db,
  config: AppConfig,
  message: MailMessage,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  if (config.RESEND_API_KEY) {
    const response = await fetcher("https://api.resend.com/emails", {
      method: "POST",
      headers: { Authorization: `Bearer ${config.RESEND_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: config.MAIL_FROM,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
    return;
  }
  await db
    .insert(outbox)
    .values({ to: message.to, subject: message.subject, text: message.text, link: message.link });
  console.log(`[mail] to ${message.to}: ${message.subject}${message.link ? ` ${message.link}` : ""}`);
}

export async function listOutbox(db: Db, limit = 50) {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      link: outbox.link,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/**
 * The translator for what is sent to `email` (ADR 019): in the language its account chose in Settings, else in
 * `otherwise` (the language of the request that sent it, when that was the recipient's own).
 */
export async function recipientTranslator(db: Db, email: string, otherwise: Language): Promise<Translate> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return translatorFor(isLanguage(row?.language) ? row.language : otherwise);
}

/** The e-mail a stall's submitter gets when a moderator approves or rejects it, in `t`'s language. */
export function stallDecisionMail(
  t: Translate,
  input: {
    to: string;
    stallName: string;
    decision: { approved: true; link: string } | { approved: false; reason: string; link: string };
  },
): MailMessage {
  const { to, stallName: name, decision } = input;
  const { link } = decision;
  if (decision.approved) {
    return {
      to,
      subject: t('Your stall "{name}" is live on Nukkad', { name }),
      text: t(
        'Good news: a moderator approved "{name}". Everyone can find it on Discover and in search now:\n\n{link}\n\nThank you for adding it!',
        { name, link },
      ),
      link,
    };
  }
  return {
    to,
    subject: t('Your stall "{name}" was not approved', { name }),
    text: t(
      'A moderator did not approve "{name}".\n\nReason: {reason}\n\nYou can see it on your profile and add the stall again with the details fixed:\n\n{link}',
      { name, reason: decision.reason, link },
    ),
    link,
  };
}

import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (confirm, reset), shown on /dev/mail and printed in development. */
  link?: string;
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

/** The e-mail a stall's submitter gets when a moderator approves or rejects it. */
export function stallDecisionMail(input: {
  to: string;
  stallName: string;
  decision: { approved: true; link: string } | { approved: false; reason: string; link: string };
}): MailMessage {
  const { to, stallName, decision } = input;
  if (decision.approved) {
    return {
      to,
      subject: `Your stall "${stallName}" is live on Nukkad`,
      text: `Good news: a moderator approved "${stallName}". Everyone can find it on Discover and in search now:\n\n${decision.link}\n\nThank you for adding it!`,
      link: decision.link,
    };
  }
  return {
    to,
    subject: `Your stall "${stallName}" was not approved`,
    text: `A moderator did not approve "${stallName}".\n\nReason: ${decision.reason}\n\nYou can see it on your profile and add the stall again with the details fixed:\n\n${decision.link}`,
    link: decision.link,
  };
}

// Messages from /contact (and Settings' 'Report a problem') and the moderators' Support inbox that answers them.
import { and, count, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages, users } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import type { Language } from "~/lib/i18n/languages";
import { msg, type Translate } from "~/lib/i18n/translate";
import type { SupportStatus } from "~/lib/rules/options";
import type { ContactInput } from "~/lib/schemas/contact";
import { APP_VERSION, CONTACT_TOPIC_LABELS } from "~/lib/schemas/contact-fields";
import type { QueueCursor } from "~/lib/schemas/moderation-fields";
import { type MailMessage, recipientTranslator, sendMail } from "./mail.server";
import { ModelError } from "./model-error";
import { type QueuePage, readQueuePage } from "./queue.server";
import { consumeRateLimit, type RateLimit } from "./rate-limit.server";

export interface SupportContext {
  db: Db;
  config: AppConfig;
  /** Origin for links in e-mails. */
  origin: string;
  /** The request's language: e-mails are written in it unless their recipient's account chose another. */
  language: () => Promise<Language>;
}

/** Five messages an hour from one account, or from one IP without one. */
export const CONTACT_LIMIT: RateLimit = { limit: 5, windowSeconds: 60 * 60 };
export const CONTACT_THROTTLED = msg(
  "You have sent 5 messages in the last hour. Please wait an hour before you write again.",
);
// Local runs (npm start, the e2e suite) send every request from one loopback address: limits per IP are looser
// there, as the account throttles' are (throttle.server.ts).
const LOCAL_IP_FACTOR = 50;

function contactLimitKey(config: AppConfig, sender: ContactSender): [string, RateLimit] {
  if (sender.userId) return [`contact:user:${sender.userId}`, CONTACT_LIMIT];
  const local = config.ENVIRONMENT === "development";
  return [
    `contact:ip:${sender.ip}`,
    local ? { ...CONTACT_LIMIT, limit: CONTACT_LIMIT.limit * LOCAL_IP_FACTOR } : CONTACT_LIMIT,
  ];
}

export interface ContactSender {
  userId: string | null;
  ip: string;
}

/**
 * Stores a message for the Support inbox and e-mails its sender 'We reply within 24 hours'. Counted before it is
 * stored: past the limit it is refused with 429. The confirmation names only the topic, never the text typed, so
 * the form cannot be used to send someone else words of a stranger's choosing.
 */
export async function submitContactMessage(
  { db, config, origin, language }: SupportContext,
  input: ContactInput,
  sender: ContactSender,
): Promise<{ id: number }> {
  const [key, limit] = contactLimitKey(config, sender);
  const throttle = await consumeRateLimit(db, key, limit);
  if (!throttle.allowed)
    throw new ModelError(429, CONTACT_THROTTLED, { retryAfterSeconds: throttle.retryAfterSeconds });
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: sender.userId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      page: input.page ?? null,
      appVersion: input.topic === "problem" || input.page ? APP_VERSION : null,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message not stored");
  const link = `${origin}/help`;
  // The message is stored and will be answered; a confirmation that did not go out is not the sender's problem.
  await mailStoredMessage(db, config, input.email, await language(), "contact confirmation", (t) => ({
    subject: t("We got your message"),
    text: t(
      "Thank you for writing to Nukkad about: {topic}.\n\nWe reply within 24 hours. Meanwhile the Help Center may already have the answer:\n\n{link}",
      { topic: t(CONTACT_TOPIC_LABELS[input.topic]), link },
    ),
    link,
  }));
  return { id: row.id };
}

export const SUPPORT_PAGE_SIZE = 20;

export interface SupportMessage {
  id: number;
  name: string;
  email: string;
  topic: ContactInput["topic"];
  message: string;
  page: string | null;
  appVersion: string | null;
  status: SupportStatus;
  answer: string | null;
  answeredAt: number | null;
  answeredBy: string | null;
  createdAt: number;
  /** Whether it was sent signed in (the address is then the account's). */
  signedIn: boolean;
}

/** One page of the inbox: open messages oldest first (the longest waiting on top), answered ones newest first. */
export async function listSupportMessages(
  db: Db,
  { status, cursor }: { status: SupportStatus; cursor?: QueueCursor },
): Promise<QueuePage<SupportMessage>> {
  const { rows, previous, next } = await readQueuePage(
    { sort: status === "open" ? "oldest" : "newest", cursor },
    SUPPORT_PAGE_SIZE,
    { at: contactMessages.createdAt, id: contactMessages.id },
    ({ bound, orderBy, limit }) =>
      db
        // The inbox names the moderator who answered by their address.
        .select({ ...getTableColumns(contactMessages), answeredBy: users.email })
        .from(contactMessages)
        .leftJoin(users, eq(users.id, contactMessages.answeredBy))
        .where(and(eq(contactMessages.status, status), bound))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.createdAt, id: row.id }),
  );
  const items = rows.map(({ userId, ...row }) => ({ ...row, signedIn: userId !== null }));
  return { items, previous, next };
}

export async function countSupportMessages(db: Db): Promise<Record<SupportStatus, number>> {
  const rows = await db
    .select({ status: contactMessages.status, n: count() })
    .from(contactMessages)
    .groupBy(contactMessages.status);
  const counts: Record<SupportStatus, number> = { open: 0, answered: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export const MESSAGE_NOT_FOUND = msg("That message is not in the inbox any more.");
export const ALREADY_ANSWERED = msg("Another moderator has already answered this message.");

/**
 * Answers an open message: the answer is stored and the message marked answered, once (a second answer is refused
 * with 409), then e-mailed to its sender in their account's language, else English (the moderator's language says
 * nothing about theirs). Answers the sender's name and address, and whether the e-mail went out: the answer stays
 * stored either way, so a moderator told it did not can write to the address themselves.
 */
export async function answerSupportMessage(
  { db, config, origin }: Omit<SupportContext, "language">,
  input: { id: number; answer: string },
  moderatorId: string,
): Promise<{ name: string; email: string; mailed: boolean }> {
  const [row] = await db
    .update(contactMessages)
    .set({ status: "answered", answer: input.answer, answeredBy: moderatorId, answeredAt: Date.now() })
    .where(and(eq(contactMessages.id, input.id), eq(contactMessages.status, "open")))
    .returning({ name: contactMessages.name, email: contactMessages.email, topic: contactMessages.topic });
  if (!row) {
    const [exists] = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.id, input.id));
    throw new ModelError(exists ? 409 : 404, exists ? ALREADY_ANSWERED : MESSAGE_NOT_FOUND);
  }
  const link = `${origin}/contact`;
  const mailed = await mailStoredMessage(db, config, row.email, "en", "support answer", (t) => ({
    subject: t("Nukkad answered your message"),
    text: t(
      "Hello {name},\n\nthis is Nukkad's answer to your message about: {topic}.\n\n{answer}\n\nTo write to us again, use the contact form:\n\n{link}",
      { name: row.name, topic: t(CONTACT_TOPIC_LABELS[row.topic]), answer: input.answer, link },
    ),
    link,
  }));
  return { name: row.name, email: row.email, mailed };
}

/** E-mails `to` (in their account's language, else `language`) about a message that is stored either way: a mail that
 * did not go out is logged as `what` and answered false, never thrown. */
async function mailStoredMessage(
  db: Db,
  config: AppConfig,
  to: string,
  language: Language,
  what: string,
  write: (t: Translate) => Omit<MailMessage, "to">,
): Promise<boolean> {
  const t = await recipientTranslator(db, to, language);
  try {
    await sendMail(db, config, { to, ...write(t) });
    return true;
  } catch (error) {
    console.error(`${what} e-mail failed`, error);
    return false;
  }
}

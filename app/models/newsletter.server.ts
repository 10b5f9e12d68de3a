// The newsletter's list, by double opt-in: an address counts once the link e-mailed to it is followed. Every e-mail
// of the newsletter carries a one-click unsubscribe link (RFC 8058), signed rather than stored.
import { and, count, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema";
import { MAIL_THROTTLED } from "~/lib/auth/messages";
import { randomToken, sha256Hex } from "~/lib/auth/tokens";
import type { AppConfig } from "~/lib/http/config.server";
import type { Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { type MailMessage, recipientTranslator, sendMail } from "./mail.server";
import { ModelError } from "./model-error";
import { consumeRateLimit, type RateLimit } from "./rate-limit.server";

export interface NewsletterContext {
  db: Db;
  config: AppConfig;
  /** Origin for links in e-mails. */
  origin: string;
  /** The request's language: e-mails are written in it unless their recipient's account chose another. */
  language: () => Promise<Language>;
  /** The key unsubscribe links are signed with (newsletterSecret). */
  secret: string;
}

// Only local runs and tests may go without a configured key: their links never leave the machine.
const LOCAL_SECRET = "nukkad-local-newsletter-key";

/**
 * The key that signs unsubscribe links: NEWSLETTER_SECRET, which production must set (without it the newsletter
 * fails loudly, naming it, rather than signing with a key anyone could read here).
 */
export function newsletterSecret(config: AppConfig): string {
  if (config.NEWSLETTER_SECRET) return config.NEWSLETTER_SECRET;
  if (config.isProduction) throw new Error("Invalid Worker configuration: NEWSLETTER_SECRET");
  return LOCAL_SECRET;
}

/** Confirmation e-mails: three an hour to one address, ten an hour asked for from one IP. */
export const NEWSLETTER_MAIL_LIMITS = {
  address: { limit: 3, windowSeconds: 60 * 60 },
  ip: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;
// Local runs (npm start, the e2e suite) send every request from one loopback address: limits per IP are looser
// there, as the account throttles' are (throttle.server.ts).
const LOCAL_IP_FACTOR = 50;

async function refuseTooManyMails(config: AppConfig, db: Db, email: string, ip: string) {
  const ipLimit =
    config.ENVIRONMENT === "development"
      ? { ...NEWSLETTER_MAIL_LIMITS.ip, limit: NEWSLETTER_MAIL_LIMITS.ip.limit * LOCAL_IP_FACTOR }
      : NEWSLETTER_MAIL_LIMITS.ip;
  const results = await Promise.all([
    consumeRateLimit(db, `newsletter:address:${email}`, NEWSLETTER_MAIL_LIMITS.address),
    consumeRateLimit(db, `newsletter:ip:${ip}`, ipLimit),
  ]);
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw new ModelError(429, MAIL_THROTTLED, {
      field: "email",
      retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)),
    });
  }
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function signingKey(secret: string) {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

// What is signed says what for, so a signature made for anything else someday never unsubscribes anyone.
const signed = (email: string) => new TextEncoder().encode(`newsletter-unsubscribe\n${email}`);

/** The unsubscribe link's token for `email`: an HMAC of the address, so the link needs nothing stored. */
export async function unsubscribeToken(secret: string, email: string): Promise<string> {
  return base64Url(await crypto.subtle.sign("HMAC", await signingKey(secret), signed(email)));
}

/** Whether `token` is `email`'s unsubscribe token. */
export async function isUnsubscribeToken(secret: string, email: string, token: string): Promise<boolean> {
  const signature = fromBase64Url(token);
  if (!signature) return false;
  // verify compares in constant time.
  return crypto.subtle.verify("HMAC", await signingKey(secret), signature, signed(email));
}

export async function unsubscribeLink(origin: string, secret: string, email: string): Promise<string> {
  const params = new URLSearchParams({ email, token: await unsubscribeToken(secret, email) });
  return `${origin}/newsletter/unsubscribe?${params}`;
}

/**
 * Every newsletter e-mail, the confirmation included: its text ends with the unsubscribe link, and its headers let a
 * mail program offer the same in one click (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058).
 */
export function newsletterMail(
  t: Translate,
  message: { to: string; subject: string; text: string; link?: string; unsubscribe: string },
): MailMessage {
  const { unsubscribe, text, ...rest } = message;
  return {
    ...rest,
    text: `${text}\n\n${t("Unsubscribe in one click: {link}", { link: unsubscribe })}`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export type SubscribeOutcome = "confirmation-sent" | "already-subscribed";

/** A confirmation link works this long; an address never confirmed is then deleted by the hourly job. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 86_400_000;

/**
 * Subscribes an address, pending until the e-mailed link is followed. A pending address (or one from before
 * double opt-in) gets a fresh link, which replaces the one before; a confirmed one is left as it is and no e-mail
 * goes out. Confirmation e-mails are limited per address and per IP (429 on the address's field).
 */
export async function subscribeToNewsletter(
  { db, config, origin, language, secret }: NewsletterContext,
  email: string,
  ip: string,
): Promise<SubscribeOutcome> {
  const [existing] = await db
    .select({ confirmedAt: newsletterSubscriptions.confirmedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  if (existing?.confirmedAt) return "already-subscribed";
  await refuseTooManyMails(config, db, email, ip);
  const token = randomToken();
  const confirmTokenHash = await sha256Hex(token);
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email, confirmTokenHash })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      // A pending row's created_at is when its newest link went out: the link's life and the row's count from it.
      set: { confirmTokenHash, createdAt: Date.now() },
      // Confirmed in the meantime: nothing to send.
      setWhere: isNull(newsletterSubscriptions.confirmedAt),
    })
    .returning({ email: newsletterSubscriptions.email });
  if (!row) return "already-subscribed";
  const t = await recipientTranslator(db, email, await language());
  const link = `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  await sendMail(
    db,
    config,
    newsletterMail(t, {
      to: email,
      subject: t("Confirm your Nukkad newsletter subscription"),
      text: t(
        "Someone, hopefully you, asked to get Nukkad's newsletter of new street-food stalls at this address. Confirm it here:\n\n{link}\n\nIf it was not you, ignore this e-mail: without a confirmation nothing is sent.",
        { link },
      ),
      link,
      unsubscribe: await unsubscribeLink(origin, secret, email),
    }),
  );
  return "confirmation-sent";
}

/** Follows a confirmation link: the address it confirmed, or null when the link is unknown, already used or older
 * than NEWSLETTER_CONFIRM_TTL_MS. */
export async function confirmNewsletterSubscription(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<string | null> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, await sha256Hex(token)),
        gt(newsletterSubscriptions.createdAt, now - NEWSLETTER_CONFIRM_TTL_MS),
      ),
    )
    .returning({ email: newsletterSubscriptions.email });
  return row?.email ?? null;
}

/** Deletes the addresses whose confirmation link expired unused: nothing of someone who never confirmed is kept. */
export async function deleteExpiredNewsletterRequests(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        isNull(newsletterSubscriptions.confirmedAt),
        lte(newsletterSubscriptions.createdAt, now - NEWSLETTER_CONFIRM_TTL_MS),
      ),
    );
}

/**
 * Takes an address off the list (the row goes: nothing of it is kept), if the link's token is its signature. True
 * for a valid link whether or not the address was still on the list, so a second click says the same.
 */
export async function unsubscribeFromNewsletter(
  { db, secret }: Pick<NewsletterContext, "db" | "secret">,
  email: string,
  token: string,
): Promise<boolean> {
  if (!(await isUnsubscribeToken(secret, email, token))) return false;
  await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return true;
}

/** How many addresses get the newsletter: confirmed ones only. */
export async function countNewsletterSubscribers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt));
  return row?.n ?? 0;
}

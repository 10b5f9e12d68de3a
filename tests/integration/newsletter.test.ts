import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { newsletterSubscriptions, outbox } from "~/db/schema";
import { MAIL_THROTTLED } from "~/lib/auth/messages";
import { readConfig } from "~/lib/http/config.server";
import {
  countNewsletterSubscribers,
  deleteExpiredNewsletterRequests,
  NEWSLETTER_CONFIRM_TTL_MS,
  newsletterSecret,
  subscribeToNewsletter,
  unsubscribeLink,
} from "~/models/newsletter.server";
import { SUBSCRIBE_ANSWERS } from "~/routes/newsletter";
import { sendToWorker } from "../worker-fetch";

// Double opt-in and one-click unsubscribe, through the API, the footer box's action and the pages (build first).
const db = getDb(env.DB);
const config = readConfig(env);
const secret = newsletterSecret(config);
const CONFIRM_SUBJECT = "Confirm your Nukkad newsletter subscription";
let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

const subscribe = (email: string, ip = freshIp()) =>
  api.request(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email }),
    },
    env,
  );

const row = async (email: string) =>
  (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

const confirmationMails = (email: string) =>
  db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.id))
    .then((mails) => mails.filter((mail) => mail.subject === CONFIRM_SUBJECT));

/** The path of the newest confirmation link sent to `email`. */
async function confirmPath(email: string): Promise<string> {
  const [mail] = await confirmationMails(email);
  const link = new URL(mail?.link ?? "");
  expect(link.pathname).toBe("/newsletter/confirm");
  return link.pathname + link.search;
}

const confirm = (path: string) =>
  sendToWorker(path, { method: "POST", headers: { Host: "127.0.0.1" }, body: new URLSearchParams() });

describe("double opt-in", () => {
  it("keeps a new address pending, uncounted, until its e-mailed link is confirmed", async () => {
    const before = await countNewsletterSubscribers(db);
    const response = await subscribe("Priya@Example.com");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: "pending" });
    expect(await row("priya@example.com")).toMatchObject({ confirmedAt: null });
    expect(await countNewsletterSubscribers(db)).toBe(before);

    const path = await confirmPath("priya@example.com");
    // Opening the link shows a button and confirms nothing: mail scanners open links too.
    const page = await sendToWorker(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm subscription");
    expect(await row("priya@example.com")).toMatchObject({ confirmedAt: null });

    const confirmed = await confirm(path);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscribed! Watch your inbox for new stalls.");
    expect((await row("priya@example.com"))?.confirmedAt).toEqual(expect.any(Number));
    expect(await countNewsletterSubscribers(db)).toBe(before + 1);
    // The link works once.
    expect((await confirm(path)).status).toBe(400);
  });

  it("sends a pending address a fresh link (the older one stops working) and keeps one row", async () => {
    await subscribe("ravi@example.com");
    const first = await confirmPath("ravi@example.com");
    expect((await subscribe("ravi@example.com")).status).toBe(202);
    const second = await confirmPath("ravi@example.com");
    expect(second).not.toBe(first);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, "ravi@example.com")),
    ).toHaveLength(1);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
  });

  it("lets a link expire after 7 days, and the hourly job then deletes the address never confirmed", async () => {
    await subscribe("late@example.com");
    await subscribe("keeps@example.com");
    const late = await confirmPath("late@example.com");
    const eightDaysAgo = Date.now() - NEWSLETTER_CONFIRM_TTL_MS - 86_400_000;
    // Asked for eight days ago; the other was asked just now.
    await db
      .update(newsletterSubscriptions)
      .set({ createdAt: eightDaysAgo })
      .where(eq(newsletterSubscriptions.email, "late@example.com"));
    expect((await confirm(late)).status).toBe(400);
    expect((await row("late@example.com"))?.confirmedAt).toBeNull();

    await deleteExpiredNewsletterRequests(db);
    expect(await row("late@example.com")).toBeUndefined();
    expect(await row("keeps@example.com")).toMatchObject({ confirmedAt: null });
    // A confirmed address is never an expired request, however old.
    await confirm(await confirmPath("keeps@example.com"));
    await db
      .update(newsletterSubscriptions)
      .set({ createdAt: eightDaysAgo })
      .where(eq(newsletterSubscriptions.email, "keeps@example.com"));
    await deleteExpiredNewsletterRequests(db);
    expect((await row("keeps@example.com"))?.confirmedAt).toEqual(expect.any(Number));
  });

  it("counts a fresh link's 7 days from when it was sent, not from the first request", async () => {
    await subscribe("again@example.com");
    await db
      .update(newsletterSubscriptions)
      .set({ createdAt: Date.now() - NEWSLETTER_CONFIRM_TTL_MS - 1000 })
      .where(eq(newsletterSubscriptions.email, "again@example.com"));
    await subscribe("again@example.com");
    await deleteExpiredNewsletterRequests(db);
    expect((await confirm(await confirmPath("again@example.com"))).status).toBe(200);
  });

  it("answers a confirmed address that it is subscribed already, and sends nothing", async () => {
    await subscribe("kiran@example.com");
    await confirm(await confirmPath("kiran@example.com"));
    const mails = (await confirmationMails("kiran@example.com")).length;
    const again = await subscribe("kiran@example.com");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "subscribed" });
    expect(await confirmationMails("kiran@example.com")).toHaveLength(mails);
    expect((await row("kiran@example.com"))?.confirmedAt).toEqual(expect.any(Number));
  });

  it("limits confirmation e-mails to one address to 3 an hour", async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe("busy@example.com")).status).toBe(202);
    const refused = await subscribe("busy@example.com");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: MAIL_THROTTLED, field: "email" });
    expect(await confirmationMails("busy@example.com")).toHaveLength(3);
  });

  it("gives the footer box the message of each case", async () => {
    const post = (email: string) =>
      sendToWorker("/newsletter", {
        method: "POST",
        headers: { Host: "127.0.0.1", "CF-Connecting-IP": freshIp() },
        body: new URLSearchParams({ email }),
      });
    const pending = await post("footer@example.com");
    expect(await pending.json()).toMatchObject({ ok: true, message: SUBSCRIBE_ANSWERS["confirmation-sent"] });
    await confirm(await confirmPath("footer@example.com"));
    expect(await (await post("footer@example.com")).json()).toMatchObject({
      ok: true,
      message: SUBSCRIBE_ANSWERS["already-subscribed"],
    });
    const refused = await post("not-an-address");
    expect(refused.status).toBe(400);
  });
});

describe("unsubscribing", () => {
  async function subscribed(email: string) {
    await subscribe(email);
    await confirm(await confirmPath(email));
    return new URL(await unsubscribeLink("http://127.0.0.1", secret, email));
  }

  it("takes one click from a mail program (RFC 8058): a POST to the link with no cookie and only its body", async () => {
    const link = await subscribed("oneclick@example.com");
    const response = await sendToWorker(link.pathname + link.search, {
      method: "POST",
      headers: { Host: "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await row("oneclick@example.com")).toBeUndefined();
    // A second click says the same and changes nothing.
    expect(
      (
        await sendToWorker(link.pathname + link.search, {
          method: "POST",
          headers: { Host: "127.0.0.1" },
          body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
        })
      ).status,
    ).toBe(200);
  });

  it("shows a button on opening the link, and unsubscribes nobody on a changed link", async () => {
    const link = await subscribed("careful@example.com");
    const page = await sendToWorker(link.pathname + link.search);
    expect(await page.text()).toContain("Stop sending Nukkad&#x27;s newsletter to careful@example.com?");
    expect(await row("careful@example.com")).toBeDefined();

    const forged = new URL(link);
    forged.searchParams.set("email", "someone.else@example.com");
    await subscribed("someone.else@example.com");
    const refused = await sendToWorker(forged.pathname + forged.search, {
      method: "POST",
      headers: { Host: "127.0.0.1" },
      body: new URLSearchParams(),
    });
    expect(refused.status).toBe(400);
    expect(await row("someone.else@example.com")).toBeDefined();
  });
});

describe("the confirmation e-mail", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("carries the unsubscribe link in its text and List-Unsubscribe with List-Unsubscribe-Post", async () => {
    const sent: { headers?: Record<string, string>; text: string }[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return Response.json({ id: "email_1" });
    });
    await subscribeToNewsletter(
      {
        db,
        config: readConfig({ ...env, RESEND_API_KEY: "re_test" }),
        origin: "https://nukkad.example",
        language: async () => "en",
        secret,
      },
      "headers@example.com",
      freshIp(),
    );
    expect(sent).toHaveLength(1);
    const unsubscribe = await unsubscribeLink("https://nukkad.example", secret, "headers@example.com");
    expect(sent[0]?.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent[0]?.text).toContain(`Unsubscribe in one click: ${unsubscribe}`);
  });
});

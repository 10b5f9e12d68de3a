import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox, profiles } from "~/db/schema";
import { readConfig } from "~/lib/http/config.server";
import type { Language } from "~/lib/i18n/languages";
import { requestPasswordReset, sendConfirmation } from "~/models/account.server";
import { listOutbox, sendMail } from "~/models/mail.server";
import { createUser } from "../factories";

const message = {
  to: "asha@example.com",
  subject: "Reset",
  text: "Here is your link",
  link: "https://x/reset?token=t",
};

describe("mailer adapter", () => {
  it("stores mail in the outbox when no provider is configured", async () => {
    const db = getDb(env.DB);
    await sendMail(db, readConfig({ ...env, ENVIRONMENT: "development" }), message);
    expect((await listOutbox(db))[0]).toMatchObject({
      to: "asha@example.com",
      subject: "Reset",
      link: message.link,
    });
  });

  it("sends through Resend's HTTP API with the key, and nothing goes to the outbox", async () => {
    const db = getDb(env.DB);
    const before = (await listOutbox(db)).length;
    const calls: Request[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Request(input, init));
      return Response.json({ id: "email_1" });
    }) as typeof fetch;
    await sendMail(
      db,
      readConfig({ ...env, RESEND_API_KEY: "re_test", MAIL_FROM: "Nukkad <hi@nukkad.app>" }),
      message,
      fetcher,
    );
    expect(calls).toHaveLength(1);
    const call = calls[0] as Request;
    expect(call.url).toBe("https://api.resend.com/emails");
    expect(call.headers.get("Authorization")).toBe("Bearer re_test");
    expect(await call.json()).toEqual({
      from: "Nukkad <hi@nukkad.app>",
      to: ["asha@example.com"],
      subject: "Reset",
      text: "Here is your link",
    });
    expect((await listOutbox(db)).length).toBe(before);
  });

  it("fails loudly when the provider refuses", async () => {
    const fetcher = (async () => new Response("bad key", { status: 401 })) as typeof fetch;
    await expect(
      sendMail(getDb(env.DB), readConfig({ ...env, RESEND_API_KEY: "re_bad" }), message, fetcher),
    ).rejects.toThrow(/401/);
  });
});

describe("the language of an e-mail", () => {
  const db = getDb(env.DB);
  // The request that sent it was in `language`; the recipient's own choice, when there is one, outranks it.
  const accountContext = (language: Language) => ({
    db,
    kv: env.KV,
    config: readConfig({ ...env, ENVIRONMENT: "development" }),
    origin: "https://nukkad.test",
    language: async () => language,
  });
  const mailTo = (email: string) =>
    db
      .select({ subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(outbox.id);
  async function personWhoChose(language: Language | null) {
    const user = await createUser(env);
    await db.update(profiles).set({ language }).where(eq(profiles.userId, user.id));
    return user;
  }

  it("is the recipient's chosen language, whatever the request's: confirmation and reset in Hindi", async () => {
    const hindi = await personWhoChose("hi");
    await sendConfirmation(accountContext("en"), hindi.id, hindi.email);
    await requestPasswordReset(accountContext("en"), hindi.email, "10.9.0.1");
    const [confirm, reset] = await mailTo(hindi.email);
    expect(confirm?.subject).toBe("अपने Nukkad खाते की पुष्टि करें");
    expect(confirm?.text).toMatch(
      /^Nukkad में आपका स्वागत है! .+\n\nhttps:\/\/nukkad\.test\/confirm-email\?token=\S+\n\nयह लिंक 7 दिन तक चलेगा।$/,
    );
    expect(reset?.subject).toBe("अपना Nukkad पासवर्ड रीसेट करें");
    expect(reset?.text).toContain("किसी ने आपके Nukkad खाते का पासवर्ड रीसेट करना चाहा।");
    expect(reset?.text).toMatch(/\n\nhttps:\/\/nukkad\.test\/reset-password\?token=\S+\n\n/);
  });

  it("is English for someone who chose English, even from a Hindi page", async () => {
    const english = await personWhoChose("en");
    await sendConfirmation(accountContext("hi"), english.id, english.email);
    await requestPasswordReset(accountContext("hi"), english.email, "10.9.0.2");
    const [confirm, reset] = await mailTo(english.email);
    expect(confirm?.subject).toBe("Confirm your Nukkad account");
    expect(confirm?.text).toMatch(
      /^Welcome to Nukkad! Confirm your e-mail address to add stalls:\n\nhttps:\/\/nukkad\.test\/confirm-email\?token=\S+\n\nThe link is valid for 7 days\.$/,
    );
    expect(reset?.subject).toBe("Reset your Nukkad password");
    expect(reset?.text).toContain("Someone asked to reset the password of your Nukkad account.");
  });

  it("follows the request's language when the recipient chose none, or has no account", async () => {
    const undecided = await personWhoChose(null);
    await requestPasswordReset(accountContext("hi"), undecided.email, "10.9.0.3");
    expect((await mailTo(undecided.email))[0]?.subject).toBe("अपना Nukkad पासवर्ड रीसेट करें");
    await requestPasswordReset(accountContext("hi"), "nobody-here@example.com", "10.9.0.4");
    const [noAccount] = await mailTo("nobody-here@example.com");
    expect(noAccount?.subject).toBe("अपना Nukkad पासवर्ड रीसेट करें");
    expect(noAccount?.text).toContain("https://nukkad.test/auth?mode=signup");
    await requestPasswordReset(accountContext("en"), "nobody-either@example.com", "10.9.0.5");
    expect((await mailTo("nobody-either@example.com"))[0]?.subject).toBe("Reset your Nukkad password");
  });
});

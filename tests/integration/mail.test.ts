import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { readConfig } from "~/lib/http/config.server";
import { listOutbox, sendMail } from "~/models/mail.server";

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

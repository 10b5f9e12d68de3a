import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { contactMessages, outbox } from "~/db/schema";
import { APP_VERSION } from "~/lib/schemas/contact-fields";
import { CONTACT_THROTTLED } from "~/models/support.server";
import { createSignedInUser } from "../factories";
import { sendToWorker } from "../worker-fetch";

// The contact form (POST /api/contact and the /contact page) and the moderators' Support inbox, through the API and
// the whole Worker (build first).
const db = getDb(env.DB);
let nextIp = 1;
/** A caller of its own, so each test's rate limit starts afresh. */
const freshIp = () => `203.0.113.${nextIp++}`;

const valid = {
  name: "Asha Rao",
  email: "asha@example.com",
  topic: "stall",
  message: "The dosa stall on 8th Main moved two doors down.",
};

function postContact(body: unknown, headers: Record<string, string> = {}) {
  return api.request(
    "/api/contact",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), ...headers },
      body: JSON.stringify(body),
    },
    env,
  );
}

const lastMailTo = async (to: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

describe("POST /api/contact", () => {
  it("stores the message as open and e-mails the sender 'We reply within 24 hours'", async () => {
    const response = await postContact({ ...valid, email: "  Meera@Example.com " });
    expect(response.status).toBe(201);
    const { id, status } = (await response.json()) as { id: number; status: string };
    expect(status).toBe("open");
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: "Asha Rao",
      email: "meera@example.com",
      topic: "stall",
      message: valid.message,
      status: "open",
      userId: null,
      page: null,
      appVersion: null,
    });
    const mail = await lastMailTo("meera@example.com");
    expect(mail?.subject).toBe("We got your message");
    expect(mail?.text).toContain("We reply within 24 hours");
    // Only the topic is repeated: the text typed never goes to an address nobody proved is theirs.
    expect(mail?.text).not.toContain("8th Main");
  });

  it("keeps a signed-in caller's account, and the page and app version of 'Report a problem'", async () => {
    const user = await createSignedInUser(env);
    const response = await postContact(
      { ...valid, email: user.email, topic: "problem", page: "/discover?view=list" },
      { Authorization: `Bearer ${user.token}` },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ userId: user.id, page: "/discover?view=list", appVersion: APP_VERSION });
  });

  it.each([
    [{ ...valid, name: "" }, "name"],
    [{ ...valid, email: "asha@" }, "email"],
    [{ ...valid, topic: "complaint" }, "topic"],
    [{ ...valid, message: "   " }, "message"],
    [{ ...valid, page: "https://evil.example/" }, "page"],
    [{ name: "Asha" }, "email"],
  ])("refuses %j with 400 naming %s, storing nothing", async (body, field) => {
    const before = (await db.select().from(contactMessages)).length;
    const response = await postContact(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field: string };
    expect(answer.field).toBe(field);
    expect(answer.error).toMatch(new RegExp(`^${field}: `));
    expect((await db.select().from(contactMessages)).length).toBe(before);
  });

  it("takes 2,000 characters and refuses 2,001", async () => {
    expect((await postContact({ ...valid, message: "a".repeat(2000) })).status).toBe(201);
    const refused = await postContact({ ...valid, message: "a".repeat(2001) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "message: Your message can be at most 2,000 characters",
      field: "message",
    });
  });

  it("answers the sixth message within an hour from one IP with 429 and Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await postContact(valid, { "CF-Connecting-IP": ip })).status).toBe(201);
    const refused = await postContact(valid, { "CF-Connecting-IP": ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: CONTACT_THROTTLED });
    // Another caller is not held back by that one.
    expect((await postContact(valid)).status).toBe(201);
  });

  it("counts a signed-in caller's messages by account, whichever IP they come from", async () => {
    const user = await createSignedInUser(env);
    const auth = { Authorization: `Bearer ${user.token}` };
    for (let i = 0; i < 5; i++) expect((await postContact(valid, auth)).status).toBe(201);
    expect((await postContact(valid, auth)).status).toBe(429);
  });
});

describe("the /contact page", () => {
  it("stores what its form posts, and shows the form again with the field's message when refused", async () => {
    const sent = await sendToWorker("/contact", {
      method: "POST",
      headers: { Host: "127.0.0.1", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ ...valid, name: "Page Sender" }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("we reply within 24 hours");
    expect(
      await db.select().from(contactMessages).where(eq(contactMessages.name, "Page Sender")),
    ).toHaveLength(1);

    const refused = await sendToWorker("/contact", {
      method: "POST",
      headers: { Host: "127.0.0.1", "CF-Connecting-IP": freshIp() },
      body: new URLSearchParams({ ...valid, message: "a".repeat(2001) }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Your message can be at most 2,000 characters");
  });

  it("fills in a signed-in user's address and what 'Report a problem' attaches", async () => {
    const user = await createSignedInUser(env);
    const page = await sendToWorker("/contact?topic=problem&page=%2Fsearch%3Fq%3Dchai", {
      cookies: [`nukkad_session=${user.token}`],
    });
    const html = await page.text();
    expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain("/search?q=chai");
    expect(html).toContain(`app version ${APP_VERSION}`);
  });
});

describe("the Support inbox (/moderation/support)", () => {
  let moderator: Awaited<ReturnType<typeof createSignedInUser>>;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    [moderator, user] = await Promise.all([
      createSignedInUser(env, { role: "moderator" }),
      createSignedInUser(env),
    ]);
  });

  const answer = (id: number, text: string, token = moderator.token) =>
    sendToWorker("/moderation/support", {
      method: "POST",
      headers: { Host: "127.0.0.1" },
      cookies: [`nukkad_session=${token}`],
      body: new URLSearchParams({ id: String(id), answer: text }),
    });

  it("lists open messages for moderators, and answering e-mails the sender and moves it to answered", async () => {
    const response = await postContact({ ...valid, name: "Inbox Tester", email: "inbox.tester@example.com" });
    const { id } = (await response.json()) as { id: number };
    const inbox = await sendToWorker("/moderation/support", {
      cookies: [`nukkad_session=${moderator.token}`],
    });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain("Inbox Tester");

    expect((await answer(id, "Thanks! We moved the pin.")).status).toBe(200);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      status: "answered",
      answer: "Thanks! We moved the pin.",
      answeredBy: moderator.id,
    });
    const mail = await lastMailTo("inbox.tester@example.com");
    expect(mail?.subject).toBe("Nukkad answered your message");
    expect(mail?.text).toContain("Thanks! We moved the pin.");

    const answered = await sendToWorker("/moderation/support?status=answered", {
      cookies: [`nukkad_session=${moderator.token}`],
    });
    expect(await answered.text()).toContain("Thanks! We moved the pin.");
    // A second answer (another moderator, or a resend) changes nothing.
    expect((await answer(id, "Again")).status).toBe(409);
    expect((await answer(999_999, "Nobody")).status).toBe(404);
  });

  it("refuses an empty answer naming the field", async () => {
    const { id } = (await (await postContact(valid)).json()) as { id: number };
    const response = await answer(id, "  ");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please write an answer");
  });

  it("is a page that does not exist for other users, and sends visitors to sign in", async () => {
    const { id } = (await (await postContact(valid)).json()) as { id: number };
    const asUser = await sendToWorker("/moderation/support", { cookies: [`nukkad_session=${user.token}`] });
    expect(asUser.status).toBe(404);
    expect((await answer(id, "Not mine to answer", user.token)).status).toBe(404);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.status).toBe("open");
    const visitor = await sendToWorker("/moderation/support");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

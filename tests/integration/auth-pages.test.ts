import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createEmailToken, emailTokenUser } from "~/models/email-token.server";
import worker from "../../workers/app";
import { createUser, TEST_PASSWORD } from "../factories";

// The account pages through the whole Worker (Hono, then Remix with the server build): the same rules as the
// API (tests/integration/api-auth.test.ts), seen from the forms.
const ORIGIN = "http://127.0.0.1";
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function postForm(path: string, fields: Record<string, string>, ip = "10.8.0.1") {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: "127.0.0.1", "CF-Connecting-IP": ip },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function getPage(path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { Host: "127.0.0.1" } }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

let counter = 0;
const freshEmail = () => `page-person${++counter}-${Date.now()}@example.com`;

describe("/auth", () => {
  // Audit: the sign-up page said "already exists" for a registered address and signed new ones in.
  it("answers a sign-up of a registered address exactly as a new one, and signs in neither", async () => {
    const { email: taken } = await createUser(env);
    const signUp = (email: string) =>
      postForm("/auth.data", { mode: "signup", email, password: "long enough", full_name: "Page Person" });
    const known = await signUp(taken);
    const unknown = await signUp(freshEmail());
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // Both wrote, so both carry the D1 bookmark cookie (ADR 014) and nothing else: no session, no difference.
    const cookieNames = (response: Response) =>
      response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookieNames(known)).toEqual(["d1b"]);
    expect(cookieNames(unknown)).toEqual(["d1b"]);
    const body = await known.text();
    expect(body).toBe(await unknown.text());
    expect(body).toContain("Account created! Check your email to confirm.");
    const mail = await env.DB.prepare("SELECT subject FROM outbox WHERE to_address = ?").bind(taken).first();
    expect(mail).toEqual({ subject: "You already have a Nukkad account" });
  });

  it("refuses a common password beside the password field", async () => {
    const response = await postForm("/auth.data", {
      mode: "signup",
      email: freshEmail(),
      password: "12345678",
      full_name: "Page Person",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This password is one of the most common passwords");
  });

  it("sends a new account to complete its profile after signing in", async () => {
    const email = freshEmail();
    await postForm(
      "/auth.data",
      { mode: "signup", email, password: "long enough", full_name: "Page Person" },
      "10.8.0.2",
    );
    const response = await postForm(
      "/auth.data",
      { mode: "signin", email, password: "long enough" },
      "10.8.0.2",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^nukkad_session=/);
    expect(await response.text()).toContain("/complete-profile?redirectTo=%2Fprofile");
  });

  // Audit: 5 wrong guesses from a stranger locked the owner out everywhere.
  it("throttles guesses per account and IP: the owner signs in from elsewhere", async () => {
    const { email } = await createUser(env);
    for (let i = 0; i < 5; i++) {
      expect(
        (await postForm("/auth.data", { mode: "signin", email, password: `guess-${i}` }, "10.8.1.1")).status,
      ).toBe(401);
    }
    const blocked = await postForm(
      "/auth.data",
      { mode: "signin", email, password: TEST_PASSWORD },
      "10.8.1.1",
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed sign-in attempts");
    const owner = await postForm(
      "/auth.data",
      { mode: "signin", email, password: TEST_PASSWORD },
      "10.8.1.2",
    );
    expect(owner.status).toBe(200);
  });
});

describe("/forgot-password", () => {
  it("answers an account and an unknown address alike, then throttles both alike", async () => {
    const { email } = await createUser(env);
    const unknown = freshEmail();
    const ask = (address: string) => postForm("/forgot-password.data", { email: address }, "10.8.2.1");
    // The form echoes the address typed; apart from it, the answers are the same.
    const text = async (response: Response | undefined, address: string) =>
      (await response?.text())?.replaceAll(address, "<address>");
    const first = [await ask(email), await ask(unknown)];
    expect(first.map((response) => response.status)).toEqual([200, 200]);
    expect(await text(first[0], email)).toBe(await text(first[1], unknown));
    for (let i = 0; i < 2; i++) await Promise.all([ask(email), ask(unknown)]);
    const limited = [await ask(email), await ask(unknown)];
    expect(limited.map((response) => response.status)).toEqual([429, 429]);
    const limitedText = await text(limited[0], email);
    expect(limitedText).toBe(await text(limited[1], unknown));
    expect(limitedText).toContain("Too many e-mails were asked for");
  });
});

describe("/reset-password", () => {
  const HOUR_MS = 60 * 60 * 1000;
  const USED = "This reset link has already been used.";
  const EXPIRED = "This reset link has expired: links work for one hour.";
  const INVALID = "This reset link is invalid or has expired. Please request a new one.";
  const FORM = "Update Password";
  const NEW_LINK = 'href="/forgot-password"';

  // Audit: a spent link showed the new-password form and failed only once a password was typed and sent.
  it("says at once that a link was used or has expired, with a way to ask for a new one", async () => {
    const { id } = await createUser(env);
    const db = getDb(env.DB);
    const fresh = await createEmailToken(db, id, "reset");
    const spent = await createEmailToken(db, id, "reset");
    expect(await emailTokenUser(db, spent, "reset", { spend: true })).toBe(id);
    const stale = await createEmailToken(db, id, "reset", Date.now() - 2 * HOUR_MS);
    const confirm = await createEmailToken(db, id, "confirm");

    const page = async (query: string) => {
      const response = await getPage(`/reset-password${query}`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const usable = await page(`?token=${fresh}`);
    expect(usable).toContain(FORM);
    expect(usable).not.toContain(USED);

    const refused: [string, string][] = [
      [`?token=${spent}`, USED],
      [`?token=${stale}`, EXPIRED],
      // A confirmation link's token is no reset link, nor is any other text.
      [`?token=${confirm}`, INVALID],
      ["?token=not-a-token", INVALID],
      ["?token=", INVALID],
      ["", INVALID],
    ];
    for (const [query, message] of refused) {
      const html = await page(query);
      expect(html, query).toContain(message);
      expect(html, query).not.toContain(FORM);
      expect(html, query).toContain(NEW_LINK);
    }

    // Opening the page checks the link without using it: it still sets a password afterwards.
    const reset = await postForm("/reset-password.data", {
      token: fresh,
      password: "a new long password",
      confirm_password: "a new long password",
    });
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("Password updated successfully!");
    // That reset spent every reset link of the account, the one just used among them.
    expect(await page(`?token=${fresh}`)).toContain(USED);
  });
});

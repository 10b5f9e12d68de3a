import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { sha256Hex } from "~/lib/auth/tokens";
import { EMAIL_CHANGE_SENT, WRONG_CURRENT_PASSWORD } from "~/models/account-security.server";
import { createSession } from "~/models/session.server";
import { newUserStatements } from "~/models/user.server";
import worker from "../../workers/app";
import { createSignedInUser, createUser, TEST_PASSWORD } from "../factories";
import { contains, GPS_PNG, PLAIN_PNG } from "../images";
import { sendToWorker } from "../worker-fetch";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

type Init = { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };

async function call(method: string, path: string, { token, json, body, headers = {} }: Init = {}) {
  const all: Record<string, string> = { ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  if (json !== undefined) all["Content-Type"] = "application/json";
  return api.request(
    path,
    { method, headers: all, body: json === undefined ? body : JSON.stringify(json) },
    env,
  );
}

const profileStatus = async (token: string) => (await call("GET", "/api/profile", { token })).status;

/** The newest outbox message to `to`, or undefined. */
async function lastMailTo(to: string) {
  return (
    (await env.DB.prepare(
      "SELECT subject, text, link FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(to)
      .first<{ subject: string; text: string; link: string | null }>()) ?? undefined
  );
}

/** Presses "Confirm new address" on the page an e-mail change link opens, as a browser (signed in with `token`). */
function confirmLink(link: string | null | undefined, token?: string) {
  const url = new URL(link ?? "");
  return sendToWorker(url.pathname + url.search, {
    method: "POST",
    headers: { Host: "127.0.0.1" },
    cookies: token ? [`nukkad_session=${token}`] : [],
    body: new URLSearchParams({ token: url.searchParams.get("token") ?? "" }),
  });
}

async function secondSession(userId: string, userAgent?: string) {
  return (await createSession(getDb(env.DB), userId, { userAgent })).token;
}

/** An account that signs in with Google only: no password. */
async function createProviderOnlyUser(email: string) {
  const db = getDb(env.DB);
  const { id, statements } = newUserStatements(db, {
    email,
    passwordHash: null,
    fullName: "Provider Person",
    emailVerifiedAt: Date.now(),
  });
  await db.batch(statements);
  await env.DB.prepare(
    "INSERT INTO oauth_accounts (provider, provider_user_id, user_id) VALUES ('google', ?, ?)",
  )
    .bind(`g-${id}`, id)
    .run();
  const token = (await createSession(db, id)).token;
  return { id, email, token };
}

describe("PUT /api/profile/password", () => {
  it("changes the password, ends every other session, keeps this one and tells the account's address", async () => {
    const user = await createSignedInUser(env);
    const phone = await secondSession(user.id, ANDROID_CHROME);
    const laptop = await secondSession(user.id, MAC_SAFARI);
    expect(await profileStatus(phone)).toBe(200);

    const response = await call("PUT", "/api/profile/password", {
      token: user.token,
      json: { current_password: TEST_PASSWORD, new_password: "masala chai at dawn" },
    });
    expect(response.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);

    const signIn = (password: string) =>
      call("POST", "/api/auth/signin", { json: { email: user.email, password } });
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    expect((await signIn("masala chai at dawn")).status).toBe(200);
    expect(await lastMailTo(user.email)).toMatchObject({ subject: "Your password was changed" });
  });

  it("refuses a wrong current password with 400 naming the field, and changes nothing", async () => {
    const user = await createSignedInUser(env);
    const other = await secondSession(user.id);
    const response = await call("PUT", "/api/profile/password", {
      token: user.token,
      json: { current_password: "not my password", new_password: "masala chai at dawn" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: WRONG_CURRENT_PASSWORD, field: "current_password" });
    expect(await profileStatus(other)).toBe(200);
    expect(
      (await call("POST", "/api/auth/signin", { json: { email: user.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it.each([
    [{ new_password: "masala chai at dawn" }, "current_password"],
    [{ current_password: TEST_PASSWORD, new_password: "short" }, "new_password"],
    [{ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }, "new_password"],
    [{ current_password: TEST_PASSWORD, new_password: "password123" }, "new_password"],
  ])("refuses %o beside %s", async (json, field) => {
    const user = await createSignedInUser(env);
    const response = await call("PUT", "/api/profile/password", { token: user.token, json });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
  });

  it("refuses the person's own address as the new password", async () => {
    const user = await createSignedInUser(env);
    const response = await call("PUT", "/api/profile/password", {
      token: user.token,
      json: { current_password: TEST_PASSWORD, new_password: user.email },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "new_password" });
  });

  it("stops guessing the current password after five wrong ones", { timeout: 30_000 }, async () => {
    const user = await createSignedInUser(env);
    const attempt = (current_password: string) =>
      call("PUT", "/api/profile/password", {
        token: user.token,
        json: { current_password, new_password: "masala chai at dawn" },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(400);
    const refused = await attempt(TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("does not let a session alone give a password to an account without one", async () => {
    const user = await createProviderOnlyUser("provider-only@example.com");
    const response = await call("PUT", "/api/profile/password", {
      token: user.token,
      json: { current_password: "anything", new_password: "masala chai at dawn" },
    });
    expect(response.status).toBe(409);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.id).first();
    expect(row?.password_hash).toBeNull();
  });

  it("is for signed-in people only", async () => {
    const response = await call("PUT", "/api/profile/password", {
      json: { current_password: TEST_PASSWORD, new_password: "masala chai at dawn" },
    });
    expect(response.status).toBe(401);
  });
});

describe("e-mail change", () => {
  const request = (token: string, json: unknown) => call("POST", "/api/profile/email", { token, json });

  it("sends a link to the new address and a note to the old one; the link switches the address", async () => {
    const user = await createSignedInUser(env, { email: "old-home@example.com" });
    const other = await secondSession(user.id);
    const response = await request(user.token, {
      new_email: "New-Home@Example.com",
      current_password: TEST_PASSWORD,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { message: EMAIL_CHANGE_SENT } });

    const link = await lastMailTo("new-home@example.com");
    expect(link?.subject).toBe("Confirm your new e-mail address");
    expect(link?.link).toMatch(/\/confirm-email-change\?token=[\w-]{40,}$/);
    const notice = await lastMailTo("old-home@example.com");
    expect(notice?.subject).toBe("Your Nukkad e-mail address is being changed");
    expect(notice?.text).toContain("new-home@example.com");
    // The old address can stop it from Settings, but holds no link that changes anything.
    expect(notice?.link).toBe("http://localhost/settings/account");
    // Nothing changes before the click.
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      email: "old-home@example.com",
    });

    const path = new URL(link?.link ?? "").pathname + new URL(link?.link ?? "").search;
    const page = await sendToWorker(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("new-home@example.com");
    // Opening the link changes nothing: mail scanners open links too. The button does.
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      email: "old-home@example.com",
    });
    const confirmed = await confirmLink(link?.link, user.token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Your e-mail address is changed and confirmed.");
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      email: "new-home@example.com",
      email_verified: true,
    });
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
    // The link works once.
    expect((await confirmLink(link?.link)).status).toBe(400);
  });

  it("refuses the switch when another account took the address meanwhile", async () => {
    const user = await createSignedInUser(env, { email: "mover@example.com" });
    await request(user.token, { new_email: "contested@example.com", current_password: TEST_PASSWORD });
    const link = (await lastMailTo("contested@example.com"))?.link;
    await createUser(env, { email: "contested@example.com" });

    const answer = await confirmLink(link);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Another account uses this e-mail address now");
    const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(user.id).first();
    expect(row?.email).toBe("mover@example.com");
  });

  it("answers a taken address like a free one, and its owner gets a note instead of a link", async () => {
    const user = await createSignedInUser(env);
    await createUser(env, { email: "already-here@example.com" });
    const response = await request(user.token, {
      new_email: "already-here@example.com",
      current_password: TEST_PASSWORD,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { message: EMAIL_CHANGE_SENT } });
    const note = await lastMailTo("already-here@example.com");
    expect(note?.text).toContain("another Nukkad account already uses it");
    expect(note?.link).toBeFalsy();
    const changes = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_changes WHERE user_id = ?")
      .bind(user.id)
      .first();
    expect(changes?.n).toBe(0);
  });

  it("needs the current password of an account that has one, and not of one without", async () => {
    const user = await createSignedInUser(env);
    for (const json of [
      { new_email: "x1@example.com" },
      { new_email: "x1@example.com", current_password: "wrong" },
    ]) {
      const response = await request(user.token, json);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ field: "current_password" });
    }
    expect(await lastMailTo("x1@example.com")).toBeUndefined();
    const providerOnly = await createProviderOnlyUser("google-only@example.com");
    expect((await request(providerOnly.token, { new_email: "google-new@example.com" })).status).toBe(202);
    expect((await lastMailTo("google-new@example.com"))?.link).toContain("/confirm-email-change?token=");
  });

  it("keeps only the newest request's link working", async () => {
    const user = await createSignedInUser(env);
    await request(user.token, { new_email: "first-try@example.com", current_password: TEST_PASSWORD });
    await request(user.token, { new_email: "second-try@example.com", current_password: TEST_PASSWORD });
    expect((await confirmLink((await lastMailTo("first-try@example.com"))?.link)).status).toBe(400);
    expect((await confirmLink((await lastMailTo("second-try@example.com"))?.link)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("lists each session's device and last seen, marks this one, and never shows a token or its hash", async () => {
    const user = await createSignedInUser(env);
    const phone = await secondSession(user.id, ANDROID_CHROME);
    // A session from before devices were kept learns its device from its next request.
    await call("GET", "/api/profile", { token: user.token, headers: { "User-Agent": MAC_SAFARI } });

    const response = await call("GET", "/api/profile/sessions", { token: user.token });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of [user.token, phone, await sha256Hex(user.token), await sha256Hex(phone)])
      expect(text).not.toContain(secret);
    const { items } = JSON.parse(text) as {
      items: { id: string; device: string; last_seen_at: string | null; current: boolean }[];
    };
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ device: "Safari on macOS", current: true });
    expect(items[1]).toMatchObject({ device: "Chrome on Android", current: false });
    for (const item of items) {
      expect(item.id).toMatch(/^[0-9a-f]{20}$/);
      expect(Date.parse(item.last_seen_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("signs out the other sessions and keeps this one", async () => {
    const user = await createSignedInUser(env);
    const others = [await secondSession(user.id), await secondSession(user.id)];
    const response = await call("DELETE", "/api/profile/sessions/others", { token: user.token });
    expect(await response.json()).toEqual({ data: { revoked: 2 } });
    for (const token of others) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
  });

  it("signs out one session by its id, and never another user's", async () => {
    const user = await createSignedInUser(env);
    const phone = await secondSession(user.id, ANDROID_CHROME);
    const stranger = await createSignedInUser(env);
    const strangersSessions = (await (
      await call("GET", "/api/profile/sessions", { token: stranger.token })
    ).json()) as { items: { id: string }[] };
    const strangersId = strangersSessions.items[0]?.id ?? "";

    const refused = await call("DELETE", `/api/profile/sessions/${strangersId}`, { token: user.token });
    expect(refused.status).toBe(404);
    expect(await profileStatus(stranger.token)).toBe(200);
    // A token hash is not an id either.
    const byHash = await call("DELETE", `/api/profile/sessions/${await sha256Hex(phone)}`, {
      token: user.token,
    });
    expect(byHash.status).toBe(400);

    const mine = (await (await call("GET", "/api/profile/sessions", { token: user.token })).json()) as {
      items: { id: string; current: boolean }[];
    };
    const phoneId = mine.items.find((item) => !item.current)?.id ?? "";
    expect((await call("DELETE", `/api/profile/sessions/${phoneId}`, { token: user.token })).status).toBe(
      200,
    );
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
  });
});

describe("connected providers", () => {
  it("refuses to unlink the last way to sign in, with a message saying why", async () => {
    const user = await createProviderOnlyUser("only-google@example.com");
    const response = await call("DELETE", "/api/profile/providers/google", { token: user.token });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      "Google is your only way to sign in. Set a password or link another account before unlinking it.",
    );
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM oauth_accounts WHERE user_id = ?")
      .bind(user.id)
      .first();
    expect(links?.n).toBe(1);
  });

  it("unlinks a provider when the account has a password, and lists what is linked", async () => {
    const user = await createSignedInUser(env);
    await env.DB.prepare(
      "INSERT INTO oauth_accounts (provider, provider_user_id, user_id) VALUES ('github', ?, ?)",
    )
      .bind(`gh-${user.id}`, user.id)
      .run();
    const listed = (await (await call("GET", "/api/profile/providers", { token: user.token })).json()) as {
      has_password: boolean;
      items: { provider: string; linked: boolean }[];
    };
    expect(listed.has_password).toBe(true);
    expect(listed.items.map((item) => [item.provider, item.linked])).toEqual([
      ["google", false],
      ["github", true],
    ]);
    expect((await call("DELETE", "/api/profile/providers/github", { token: user.token })).status).toBe(200);
    expect((await call("DELETE", "/api/profile/providers/github", { token: user.token })).status).toBe(404);
  });
});

describe("POST /api/profile/avatar", () => {
  const upload = (token: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
    const form = new FormData();
    form.append("image", new File([bytes], name, { type }));
    return call("POST", "/api/profile/avatar", { token, body: form });
  };

  it("stores a real PNG without its metadata and puts it on the profile; a new one replaces it", async () => {
    const user = await createSignedInUser(env);
    const response = await upload(user.token, GPS_PNG, "me.png", "image/png");
    expect(response.status).toBe(201);
    const { avatar_url } = (await response.json()) as { avatar_url: string };
    expect(avatar_url).toMatch(/^\/photos\/[A-Za-z0-9]{24}\.png$/);
    const object = await env.PHOTOS.get(avatar_url.slice("/photos/".length));
    const stored = new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(contains(stored, "eXIf")).toBe(false);
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      avatar_url,
    });
    // Served like any photo.
    const served = await sendToWorker(avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");

    const next = (await (await upload(user.token, PLAIN_PNG, "me2.png", "image/png")).json()) as {
      avatar_url: string;
    };
    expect(next.avatar_url).not.toBe(avatar_url);
    expect(await env.PHOTOS.head(avatar_url.slice("/photos/".length))).toBeNull();

    // Saving the profile form, which has no picture field, keeps the uploaded picture.
    const saved = await call("PUT", "/api/profile", {
      token: user.token,
      json: { full_name: "Asha Rao", bio: "Chaat first" },
    });
    expect(saved.status).toBe(200);
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      avatar_url: next.avatar_url,
      bio: "Chaat first",
    });

    expect((await call("DELETE", "/api/profile/avatar", { token: user.token })).status).toBe(200);
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      avatar_url: null,
    });
    expect(await env.PHOTOS.head(next.avatar_url.slice("/photos/".length))).toBeNull();
  });

  it("refuses a text file named .png, and a visitor", async () => {
    const user = await createSignedInUser(env);
    const text = new TextEncoder().encode("just some text, not a picture at all");
    const response = await upload(user.token, text, "avatar.png", "image/png");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Please select a valid image file", field: "image" });
    expect(await (await call("GET", "/api/profile", { token: user.token })).json()).toMatchObject({
      avatar_url: null,
    });
    const form = new FormData();
    form.append("image", new File([PLAIN_PNG], "me.png", { type: "image/png" }));
    expect((await call("POST", "/api/profile/avatar", { body: form })).status).toBe(401);
  });
});

describe("linking a provider from Settings", () => {
  // Google's and GitHub's endpoints, answered here (as in oauth.test.ts): nothing reaches the network.
  function gitHubStandIn(account: { id: string; email: string }) {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(new Request(input, init).url);
      if (url.host === "github.com" && url.pathname === "/login/oauth/access_token")
        return Response.json({ access_token: "github-access", token_type: "bearer", scope: "read:user" });
      if (url.host === "api.github.com" && url.pathname === "/user")
        return Response.json({ id: Number(account.id), login: "chaatfan", name: "Chaat Fan" });
      if (url.host === "api.github.com" && url.pathname === "/user/emails")
        return Response.json([{ email: account.email, primary: true, verified: true }]);
      return new Response("unexpected request in test", { status: 599 });
    });
  }

  const configured = {
    ...env,
    GITHUB_CLIENT_ID: "github-client",
    GITHUB_CLIENT_SECRET: "github-secret",
    ASSETS: { fetch: async () => new Response("", { status: 404 }) } as unknown as Fetcher,
  };

  async function browser(path: string, init: RequestInit = {}, token?: string | null) {
    const headers = new Headers(init.headers);
    headers.set("Host", "127.0.0.1");
    headers.set("Origin", "http://127.0.0.1");
    if (token) headers.set("Cookie", `nukkad_session=${token}`);
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://127.0.0.1${path}`, { ...init, headers, redirect: "manual" }),
      configured,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  /** Presses "Link" for GitHub as the signed-in `token`, and comes back from GitHub in the browser of `returning`. */
  async function linkGitHub(token: string | undefined, returning: string | null | undefined = token) {
    const start = await browser("/auth/oauth/github", { method: "POST", body: new FormData() }, token);
    const location = new URL(start.headers.get("Location") ?? "", "http://127.0.0.1");
    if (location.host !== "github.com") return { start, callback: null };
    const state = location.searchParams.get("state") ?? "";
    const callback = await browser(
      `/auth/oauth/github/callback?code=good-code&state=${state}`,
      {},
      returning,
    );
    return { start, callback };
  }

  const linksOf = async (userId: string) =>
    (
      await env.DB.prepare("SELECT provider, provider_user_id FROM oauth_accounts WHERE user_id = ?")
        .bind(userId)
        .all()
    ).results;

  afterEach(() => vi.restoreAllMocks());

  it("links a GitHub account with any e-mail to the signed-in user, and signs nobody new in", async () => {
    const user = await createSignedInUser(env);
    gitHubStandIn({ id: "4242", email: "someone-else@example.com" });
    const { callback } = await linkGitHub(user.token);
    expect(callback?.status).toBe(302);
    expect(callback?.headers.get("Location")).toBe("/settings/account?linked=github");
    expect(callback?.headers.get("Set-Cookie") ?? "").not.toContain("nukkad_session=");
    expect(await linksOf(user.id)).toEqual([{ provider: "github", provider_user_id: "4242" }]);
    const page = await browser("/settings/account?linked=github", {}, user.token);
    expect(await page.text()).toContain("GitHub is linked: you can sign in with it now.");
  });

  it("finishes a link only in the browser of the user who started it", async () => {
    const user = await createSignedInUser(env);
    const stranger = await createSignedInUser(env);
    gitHubStandIn({ id: "5151", email: "victim@example.com" });
    for (const returning of [null, stranger.token]) {
      const { callback } = await linkGitHub(user.token, returning);
      expect(callback?.status).toBe(200);
      expect(await callback?.text()).toContain(
        "Sign in to Nukkad again, then link the account from Settings.",
      );
    }
    expect(await linksOf(user.id)).toEqual([]);
    expect(await linksOf(stranger.id)).toEqual([]);
  });

  it("refuses a GitHub account that another user has linked, and a visitor", async () => {
    const owner = await createSignedInUser(env);
    const user = await createSignedInUser(env);
    gitHubStandIn({ id: "6161", email: "owner@example.com" });
    await linkGitHub(owner.token);
    const { callback } = await linkGitHub(user.token);
    expect(await callback?.text()).toContain(
      "This GitHub account is already linked to another Nukkad account.",
    );
    expect(await linksOf(user.id)).toEqual([]);

    const { start } = await linkGitHub(undefined);
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings%2Faccount");
  });
});

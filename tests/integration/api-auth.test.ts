import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { sha256Hex } from "~/lib/auth/tokens";
import { consumeEmailToken, createEmailToken } from "~/models/email-token.server";
import { findSession } from "~/models/session.server";
import { MAX_FAILURES_PER_ACCOUNT } from "~/models/throttle.server";
import { createSignedInUser, createUser, TEST_PASSWORD } from "../factories";

const ORIGIN = "http://127.0.0.1";

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    env,
  );
}

type SessionBody = {
  data: {
    session: {
      access_token: string;
      refresh_token: string;
      expires_at: number;
      expires_in: number;
      token_type: string;
      user: { email: string; full_name: string; role: string };
    };
    redirectTo: string;
  };
  error?: string;
};

let counter = 0;
const freshEmail = () => `person${++counter}-${Date.now()}@example.com`;

async function lastMailLink(to: string): Promise<string> {
  const row = await env.DB.prepare("SELECT link FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(to)
    .first<{ link: string }>();
  if (!row) throw new Error(`no mail to ${to}`);
  return row.link;
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/auth/signup", () => {
  it("creates the account, answers the spec's session shape, and e-mails a confirmation link", async () => {
    const email = freshEmail();
    const response = await post("/api/auth/signup", {
      email: ` ${email.toUpperCase()} `,
      password: "masala-dosa-8",
      full_name: "Asha Rao",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as SessionBody;
    const session = body.data.session;
    expect(session.token_type).toBe("bearer");
    expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expires_in).toBeGreaterThan(29 * 24 * 3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.user).toMatchObject({ email, full_name: "Asha Rao", role: "user" });
    expect(body.data.redirectTo).toBe("/complete-profile");

    const link = await lastMailLink(email);
    expect(link).toMatch(/\/confirm-email\?token=/);
    const stored = await env.DB.prepare("SELECT token_hash FROM sessions WHERE token_hash = ?")
      .bind(await sha256Hex(session.access_token))
      .first();
    expect(stored).not.toBeNull();
    const plain = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?")
      .bind(session.access_token)
      .first();
    expect(plain?.n).toBe(0);
  });

  it("refuses a taken address with 409", async () => {
    const { email } = await createUser(env);
    const response = await post("/api/auth/signup", {
      email,
      password: "long enough",
      full_name: "Someone Else",
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/already exists/);
  });

  it.each([
    [{ email: "x@example.com", password: "short", full_name: "Asha" }, "password"],
    [{ email: "not-an-email", password: "long enough", full_name: "Asha" }, "email"],
    [{ email: "x@example.com", password: "long enough", full_name: "A" }, "full_name"],
    [{ email: "x@example.com", password: "long enough" }, "full_name"],
    [{ email: 42, password: "long enough", full_name: "Asha" }, "email"],
    [{ email: "x@example.com", password: "x".repeat(201), full_name: "Asha" }, "password"],
  ])("answers 400 for %j naming %s", async (body, field) => {
    const response = await post("/api/auth/signup", body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
  });
});

describe("POST /api/auth/signin", () => {
  it("signs in with the right password", async () => {
    const { email } = await createUser(env);
    const response = await post(
      "/api/auth/signin",
      { email, password: TEST_PASSWORD },
      { "CF-Connecting-IP": "10.0.0.1" },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as SessionBody;
    expect(body.data.redirectTo).toBe("/profile");
    const me = await api.request(
      "/api/profile",
      { headers: { Authorization: `Bearer ${body.data.session.access_token}` } },
      env,
    );
    expect(await me.json()).toMatchObject({ email });
  });

  it("says the same for a wrong password and an unknown address", async () => {
    const { email } = await createUser(env);
    const wrong = await post(
      "/api/auth/signin",
      { email, password: "not it at all" },
      { "CF-Connecting-IP": "10.0.0.2" },
    );
    const unknown = await post(
      "/api/auth/signin",
      { email: freshEmail(), password: "whatever1" },
      { "CF-Connecting-IP": "10.0.0.2" },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid email or password" });
    expect(await unknown.json()).toEqual({ error: "Invalid email or password" });
  });

  it("answers 429 after repeated failures for an account, even with the right password", async () => {
    const { email } = await createUser(env);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(
        (
          await post(
            "/api/auth/signin",
            { email, password: "guess-guess" },
            { "CF-Connecting-IP": `10.1.0.${i}` },
          )
        ).status,
      ).toBe(401);
    }
    const blocked = await post(
      "/api/auth/signin",
      { email, password: TEST_PASSWORD },
      { "CF-Connecting-IP": "10.1.1.1" },
    );
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
  });

  it("answers 429 after repeated failures from one IP across accounts", async () => {
    for (let i = 0; i < 20; i++) {
      await post(
        "/api/auth/signin",
        { email: freshEmail(), password: "guess-guess" },
        { "CF-Connecting-IP": "10.9.9.9" },
      );
    }
    const { email } = await createUser(env);
    const blocked = await post(
      "/api/auth/signin",
      { email, password: TEST_PASSWORD },
      { "CF-Connecting-IP": "10.9.9.9" },
    );
    expect(blocked.status).toBe(429);
  });
});

describe("sessions", () => {
  it("refresh trades the refresh token for a new pair, once", async () => {
    const { email } = await createUser(env);
    const signIn = (await (
      await post("/api/auth/signin", { email, password: TEST_PASSWORD })
    ).json()) as SessionBody;
    const refreshed = await post("/api/auth/refresh", { refresh_token: signIn.data.session.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as SessionBody;
    expect(next.data.session.access_token).not.toBe(signIn.data.session.access_token);
    const old = await api.request(
      "/api/profile",
      { headers: { Authorization: `Bearer ${signIn.data.session.access_token}` } },
      env,
    );
    expect(old.status).toBe(401);
    expect(
      (await post("/api/auth/refresh", { refresh_token: signIn.data.session.refresh_token })).status,
    ).toBe(401);
  });

  it("sign-out revokes the session in D1 and in the KV cache", async () => {
    const { token } = await createSignedInUser(env);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await api.request("/api/profile", { headers: auth }, env)).status).toBe(200);
    expect(await env.KV.get(`session:${await sha256Hex(token)}`)).not.toBeNull();
    expect((await post("/api/auth/signout", {}, auth)).status).toBe(200);
    expect(await env.KV.get(`session:${await sha256Hex(token)}`)).toBeNull();
    expect((await api.request("/api/profile", { headers: auth }, env)).status).toBe(401);
  });

  it("refuses expired, forged and missing tokens", async () => {
    const { id, token } = await createSignedInUser(env);
    await env.DB.prepare("UPDATE sessions SET expires_at = 1 WHERE user_id = ?").bind(id).run();
    await env.KV.delete(`session:${await sha256Hex(token)}`);
    const attempts: Record<string, string>[] = [
      { Authorization: `Bearer ${token}` },
      { Authorization: "Bearer forged-token" },
      {},
    ];
    for (const headers of attempts) {
      const response = await api.request("/api/profile", { headers }, env);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Please log in first!" });
    }
  });

  it("slides the expiry forward when a day-old session is used", async () => {
    const { id, token } = await createSignedInUser(env);
    const soon = Date.now() + 2 * 24 * 3600 * 1000;
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(soon, id).run();
    const session = await findSession(getDb(env.DB), env.KV, token);
    expect(session?.expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("accepts the session cookie, and checks its Origin on writes", async () => {
    const { token } = await createSignedInUser(env);
    const cookie = { Cookie: `nukkad_session=${token}` };
    expect((await api.request("/api/profile", { headers: cookie }, env)).status).toBe(200);
    const body = { full_name: "Cookie Person" };
    const put = (headers: Record<string, string>) =>
      api.request(
        "/api/profile",
        {
          method: "PUT",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(body),
        },
        env,
      );
    expect((await put({ ...cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await put(cookie)).status).toBe(403);
    const sameSite = await api.request(
      `${ORIGIN}/api/profile`,
      {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...cookie, Origin: ORIGIN },
        body: JSON.stringify(body),
      },
      env,
    );
    expect(sameSite.status).toBe(200);
  });
});

describe("password reset", () => {
  it("always says it sent the e-mail, and sends one only to real accounts", async () => {
    const { email } = await createUser(env);
    const unknown = freshEmail();
    for (const address of [email, unknown]) {
      const response = await post("/api/auth/forgot-password", { email: address });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        data: { message: "Password reset email sent! Check your inbox." },
      });
    }
    expect(await lastMailLink(email)).toMatch(/\/reset-password\?token=/);
    await expect(lastMailLink(unknown)).rejects.toThrow();
  });

  it("sets the new password, works once, and signs the user out everywhere", async () => {
    const { email, token: oldSession } = await createSignedInUser(env);
    await post("/api/auth/forgot-password", { email });
    const resetToken = new URL(await lastMailLink(email)).searchParams.get("token") ?? "";
    const reset = await post("/api/auth/reset-password", { token: resetToken, password: "a-new-password" });
    expect(reset.status).toBe(200);
    expect(
      (await api.request("/api/profile", { headers: { Authorization: `Bearer ${oldSession}` } }, env)).status,
    ).toBe(401);
    expect((await post("/api/auth/signin", { email, password: "a-new-password" })).status).toBe(200);
    const again = await post("/api/auth/reset-password", { token: resetToken, password: "another-password" });
    expect(again.status).toBe(400);
  });

  it("refuses an expired link", async () => {
    const { id } = await createUser(env);
    const db = getDb(env.DB);
    const token = await createEmailToken(db, id, "reset", Date.now() - 2 * 3600 * 1000);
    expect((await post("/api/auth/reset-password", { token, password: "long enough" })).status).toBe(400);
  });

  it("does not accept a confirmation token as a reset token", async () => {
    const { id } = await createUser(env);
    const db = getDb(env.DB);
    const token = await createEmailToken(db, id, "confirm");
    expect(await consumeEmailToken(db, token, "reset")).toBeNull();
    expect(await consumeEmailToken(db, token, "confirm")).toBe(id);
  });
});

describe("profile API", () => {
  it("reads every field of the spec's profile", async () => {
    const { token, email } = await createSignedInUser(env, { fullName: "Meena Iyer" });
    const response = await api.request(
      "/api/profile",
      { headers: { Authorization: `Bearer ${token}` } },
      env,
    );
    const profile = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(profile)).toEqual(
      expect.arrayContaining([
        "id",
        "full_name",
        "username",
        "avatar_url",
        "bio",
        "location",
        "created_at",
        "phone",
        "date_of_birth",
        "food_preferences",
        "gender",
        "email",
        "gps_coordinates",
        "role",
        "favorites",
      ]),
    );
    expect(profile).toMatchObject({
      email,
      full_name: "Meena Iyer",
      food_preferences: [],
      gps_coordinates: "",
    });
  });

  it("updates with the spec's rules; empty optional fields become null", async () => {
    const { token } = await createSignedInUser(env);
    const response = await api.request(
      "/api/profile",
      {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          full_name: "Asha Rao",
          avatar_url: "",
          bio: "Chaat hunter",
          gender: "female",
          phone: "+91 (98) 4567-1234",
          date_of_birth: "1990-05-17",
          location: "",
          food_preferences: ["Chaat", "Spicy"],
          gps_coordinates: "12.97,77.59",
        }),
      },
      env,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      full_name: "Asha Rao",
      avatar_url: null,
      bio: "Chaat hunter",
      gender: "female",
      date_of_birth: "1990-05-17",
      location: null,
      food_preferences: ["Chaat", "Spicy"],
    });
  });

  it.each([
    [{ full_name: "A" }, "full_name"],
    [{ full_name: "Asha", avatar_url: "not a url" }, "avatar_url"],
    [{ full_name: "Asha", bio: "x".repeat(501) }, "bio"],
    [{ full_name: "Asha", gender: "robot" }, "gender"],
    [{ full_name: "Asha", phone: "call me" }, "phone"],
    [{ full_name: "Asha", date_of_birth: "1899-12-31" }, "date_of_birth"],
    [{ full_name: "Asha", date_of_birth: "2999-01-01" }, "date_of_birth"],
    [{ full_name: "Asha", date_of_birth: "2001-02-30" }, "date_of_birth"],
    [{ full_name: "Asha", food_preferences: ["Pizza"] }, "food_preferences.0"],
    [{ full_name: "Asha", role: "admin" }, ""],
    [{ full_name: "Asha", email: "new@example.com" }, ""],
    [{ full_name: "Asha", username: "newname" }, ""],
  ])("answers 400 for %j", async (body, field) => {
    const { token, id } = await createSignedInUser(env);
    const response = await api.request(
      "/api/profile",
      {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      },
      env,
    );
    expect(response.status).toBe(400);
    if (field) expect(((await response.json()) as { field?: string }).field).toBe(field);
    const role = await env.DB.prepare("SELECT role FROM users WHERE id = ?").bind(id).first("role");
    expect(role).toBe("user");
  });

  it("checks username availability for the caller only", async () => {
    const owner = await createSignedInUser(env);
    await env.DB.prepare("UPDATE profiles SET username = 'chaat_queen' WHERE user_id = ?")
      .bind(owner.id)
      .run();
    const other = await createSignedInUser(env);
    const check = (token: string, username: string) =>
      api.request(
        `/api/profile/check-username?username=${username}`,
        { headers: { Authorization: `Bearer ${token}` } },
        env,
      );
    expect(await (await check(other.token, "chaat_queen")).json()).toEqual({ available: false });
    expect(await (await check(other.token, "CHAAT_QUEEN")).json()).toEqual({ available: false });
    expect(await (await check(owner.token, "chaat_queen")).json()).toEqual({ available: true });
    expect(await (await check(other.token, "momo_king")).json()).toEqual({ available: true });
    expect((await check(other.token, "ab")).status).toBe(400);
    expect((await check(other.token, "Bad Name!")).status).toBe(400);
    expect((await api.request("/api/profile/check-username?username=momo_king", {}, env)).status).toBe(401);
  });
});

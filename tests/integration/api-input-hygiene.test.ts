import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { AVATAR_URL_MESSAGE } from "~/lib/auth/fields";
import { profileUpdateSchema } from "~/lib/auth/schemas";
import { CONTROL_CHARACTERS, DIRECTION_CHARACTERS, INVISIBLE_ONLY } from "~/lib/schemas/clean-text";
import { ModelError } from "~/models/model-error";
import { getProfile, updateProfile } from "~/models/profile.server";
import { createSignedInUser, createStall } from "../factories";

// Input hygiene at the JSON API (outside audit): bodies that are not JSON objects, and text fields holding
// control, direction-changing or only invisible characters.

let token = "";
let stallId = "";

beforeAll(async () => {
  token = (await createSignedInUser(env)).token;
  stallId = (await createStall(env)).shopUniqueId;
});

function send(method: string, path: string, body: string) {
  return api.request(
    path,
    {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body,
    },
    env,
  );
}

describe("JSON bodies that are not objects", () => {
  const ENDPOINTS = [
    ["POST", "/api/shop"],
    ["PUT", "/api/profile"],
    ["PUT", "/api/profile/favorites"],
    ["PUT", "/api/reviews/STALL"],
    ["POST", "/api/shop/STALL/reports"],
    ["POST", "/api/shop/STALL/claims"],
    ["POST", "/api/auth/signin"],
  ] as const;
  const cases = ENDPOINTS.flatMap(([method, path]) =>
    ["null", "[]", "3", '"text"'].map((body) => ({ method, path, body })),
  );

  // Reproduction: POST /api/shop with the JSON body `null` answered 500 (a refinement read null.images).
  it.each(cases)(
    "$method $path with the body $body answers 400 { error }",
    async ({ method, path, body }) => {
      const response = await send(method, path.replace("STALL", stallId), body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "The request body must be a JSON object" });
    },
  );

  it("still answers 400 for JSON that does not parse", async () => {
    const response = await send("POST", "/api/shop", "{nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Malformed JSON in request body" });
  });
});

describe("text fields starting with NUL or holding invisible tricks", () => {
  const stall = {
    name: "Raju Momos",
    description: "Steamed momos.",
    location: "Koramangala 5th Block, Bangalore",
    gps_coordinates: "(12.935200,77.624500)",
    contact_number: "+91 98765 43210",
  };
  const ENDPOINTS = [
    { method: "POST", path: "/api/shop", body: stall, field: "name" },
    { method: "PUT", path: "/api/profile", body: { full_name: "Meena Iyer" }, field: "full_name" },
    { method: "PUT", path: "/api/reviews/STALL", body: { rating: 4, body: "Crisp" }, field: "body" },
    {
      method: "POST",
      path: "/api/shop/STALL/reports",
      body: { kind: "other", details: "Gone" },
      field: "details",
    },
    {
      method: "POST",
      path: "/api/shop/STALL/claims",
      body: { name: "Ramu", phone: "+91 98765 43210", reason: "Mine" },
      field: "reason",
    },
    { method: "PATCH", path: "/api/profile/favorites/STALL", body: { note: "Go early" }, field: "note" },
    {
      method: "POST",
      path: "/api/auth/signup",
      body: { email: "nul@example.com", password: "a long passphrase", full_name: "Meena" },
      field: "full_name",
    },
  ] as const;

  // Outside audit: a text field starting with U+0000 answered 500 on every endpoint (SQLite's length() stops
  // at NUL, so the column's CHECK failed).
  it.each(ENDPOINTS)("$method $path with \\u0000 first in $field answers 400 naming it", async (c) => {
    const body = { ...c.body, [c.field]: `\u0000${(c.body as Record<string, string>)[c.field]}` };
    const response = await send(c.method, c.path.replace("STALL", stallId), JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: `${c.field}: ${CONTROL_CHARACTERS}`,
      field: c.field,
    });
  });

  it.each([
    ["a right-to-left override", "Ramu\u202Emomos", DIRECTION_CHARACTERS],
    ["only zero-width spaces", "\u200B\u200B", INVISIBLE_ONLY],
    ["a byte-order mark and a word joiner", "\uFEFF\u2060", INVISIBLE_ONLY],
    ["a tab", "Ramu\tMomos", CONTROL_CHARACTERS],
  ])("refuses a stall name with %s", async (_, name, message) => {
    const response = await send("POST", "/api/shop", JSON.stringify({ ...stall, name }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "name", error: `name: ${message}` });
  });

  it("keeps line breaks in a review", async () => {
    const response = await send(
      "PUT",
      `/api/reviews/${stallId}`,
      JSON.stringify({ rating: 5, body: "Crisp puris.\r\nGreat chutney." }),
    );
    expect(response.status).toBeLessThan(300);
    const stored = await env.DB.prepare("SELECT body FROM reviews WHERE body LIKE 'Crisp%'").first("body");
    expect(stored).toBe("Crisp puris.\nGreat chutney.");
  });

  it("answers a search for NUL as an empty search, and a geocode search for it with 400", async () => {
    // Outside audit: /api/search?q=%00chai answered 500 (NUL ended the FTS5 string).
    const search = await api.request("/api/search?q=%00chai", {}, env);
    expect(search.status).toBe(200);
    const geocode = await api.request("/api/geocode/search?q=%00chai", {}, env);
    expect(geocode.status).toBe(400);
    expect(await geocode.json()).toMatchObject({ field: "q" });
  });

  // Outside audit: avatar_url accepted javascript:alert(1).
  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://example.com/a.png"])(
    "refuses the avatar_url %s",
    async (avatar) => {
      const response = await send(
        "PUT",
        "/api/profile",
        JSON.stringify({ full_name: "Meena Iyer", avatar_url: avatar }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: `avatar_url: ${AVATAR_URL_MESSAGE}`,
        field: "avatar_url",
      });
    },
  );

  it("keeps an https avatar_url", async () => {
    const avatar = "https://images.example.com/meena.png";
    const response = await send(
      "PUT",
      "/api/profile",
      JSON.stringify({ full_name: "Meena", avatar_url: avatar }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ avatar_url: avatar });
  });
});

describe("completing a profile", () => {
  // Outside audit: /complete-profile with a full name starting with NUL saved the username, then failed.
  it("saves the username and the profile together or not at all", async () => {
    const { id } = await createSignedInUser(env);
    const update = profileUpdateSchema.parse({ full_name: "Meena Iyer" });
    const refused = updateProfile(getDb(env.DB), env.KV, id, {
      ...update,
      full_name: "\u0000x",
      username: "meena_half",
    });
    await expect(refused).rejects.toThrow();
    expect((await getProfile(getDb(env.DB), id))?.username).toBeNull();

    await updateProfile(getDb(env.DB), env.KV, id, { ...update, username: "meena_whole" });
    expect(await getProfile(getDb(env.DB), id)).toMatchObject({
      username: "meena_whole",
      full_name: "Meena Iyer",
    });
  });

  it("says a taken username is taken", async () => {
    const first = await createSignedInUser(env);
    const second = await createSignedInUser(env);
    const update = profileUpdateSchema.parse({ full_name: "Meena Iyer" });
    await updateProfile(getDb(env.DB), env.KV, first.id, { ...update, username: "chaat_fan" });
    const taken = updateProfile(getDb(env.DB), env.KV, second.id, { ...update, username: "chaat_fan" });
    await expect(taken).rejects.toBeInstanceOf(ModelError);
    await expect(taken).rejects.toMatchObject({
      status: 409,
      message: "Username already taken",
      field: "username",
    });
  });
});

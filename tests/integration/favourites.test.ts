import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { createSignedInUser, createStall } from "../factories";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });

function toggle(token: string, body: unknown) {
  return api.request(
    "/api/profile/favorites",
    { method: "PUT", headers: bearer(token), body: JSON.stringify(body) },
    env,
  );
}

function patch(token: string, stallId: string, body: unknown) {
  return api.request(
    `/api/profile/favorites/${stallId}`,
    { method: "PATCH", headers: bearer(token), body: JSON.stringify(body) },
    env,
  );
}

async function list(token: string) {
  const response = await api.request("/api/profile/favorites", { headers: bearer(token) }, env);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      items: {
        stallId: string;
        note: string | null;
        personal_rating: number | null;
        stall: { name: string };
      }[];
    }
  ).items;
}

async function profileFavorites(token: string) {
  const response = await api.request("/api/profile", { headers: bearer(token) }, env);
  return ((await response.json()) as { favorites: string[] }).favorites;
}

const rowsFor = async (userId: string) =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM favourites WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>()
  )?.n;

describe("PUT /api/profile/favorites", () => {
  it("toggles on and off, and the profile's favorites follow", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env, { name: "Toggle Tea Stall" });
    const on = await toggle(user.token, { stallId: stall.shopUniqueId });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ stallId: stall.shopUniqueId, favourited: true });
    expect(await profileFavorites(user.token)).toEqual([stall.shopUniqueId]);
    expect((await list(user.token)).map((f) => f.stall.name)).toEqual(["Toggle Tea Stall"]);

    const off = await toggle(user.token, { stallId: stall.shopUniqueId });
    expect(await off.json()).toEqual({ stallId: stall.shopUniqueId, favourited: false });
    expect(await profileFavorites(user.token)).toEqual([]);
  });

  it("leaves exactly one row when two clients add at once", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const answers = await Promise.all(
      [1, 2].map(() => toggle(user.token, { stallId: stall.shopUniqueId, favourited: true })),
    );
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([
      { stallId: stall.shopUniqueId, favourited: true },
      { stallId: stall.shopUniqueId, favourited: true },
    ]);
    expect(await rowsFor(user.id)).toBe(1);
    const removed = await toggle(user.token, { stallId: stall.shopUniqueId, favourited: false });
    expect(await removed.json()).toEqual({ stallId: stall.shopUniqueId, favourited: false });
    expect(await rowsFor(user.id)).toBe(0);
  });

  it.each([5, 6])("loses no flip when %i plain toggles race", async (n) => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const answers = await Promise.all(
      Array.from({ length: n }, () => toggle(user.token, { stallId: stall.shopUniqueId })),
    );
    const states = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { favourited: boolean }).favourited),
    );
    // Each flip saw the one before it: as many adds as removes, plus one when the count is odd.
    expect(states.filter(Boolean).length - states.filter((s) => !s).length).toBe(n % 2);
    expect(await rowsFor(user.id)).toBe(n % 2);
  });

  it("refuses stalls visitors cannot see, but lets a submitter keep their own pending stall", async () => {
    const user = await createSignedInUser(env);
    const other = await createSignedInUser(env);
    const pending = await createStall(env, { status: "pending", createdBy: user.id });
    expect((await toggle(other.token, { stallId: pending.shopUniqueId })).status).toBe(404);
    expect((await toggle(user.token, { stallId: pending.shopUniqueId })).status).toBe(200);
    const rejected = await createStall(env, { status: "rejected", statusReason: "Duplicate" });
    expect((await toggle(user.token, { stallId: rejected.shopUniqueId })).status).toBe(404);
    const missing = await toggle(user.token, { stallId: "no-such-stall" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Stall not found", field: "stallId" });
  });

  it.each([
    [{}, "stallId"],
    [{ stallId: 42 }, "stallId"],
    [{ stallId: "" }, "stallId"],
    [{ stallId: "x".repeat(65) }, "stallId"],
    [{ stallId: "abc", favourited: "yes" }, "favourited"],
  ])("answers 400 for %j", async (body, field) => {
    const user = await createSignedInUser(env);
    const response = await toggle(user.token, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
  });

  it("asks visitors to log in", async () => {
    const stall = await createStall(env);
    const response = await api.request(
      "/api/profile/favorites",
      {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ stallId: stall.shopUniqueId }),
      },
      env,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Please log in first!" });
    expect((await api.request("/api/profile/favorites", {}, env)).status).toBe(401);
  });

  it("works with the session cookie from this site only", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    const init = (origin: string) => ({
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: `nukkad_session=${user.token}`, Origin: origin },
      body: JSON.stringify({ stallId: stall.shopUniqueId }),
    });
    expect(
      (await api.request("http://127.0.0.1/api/profile/favorites", init("https://evil.example"), env)).status,
    ).toBe(403);
    expect(
      (await api.request("http://127.0.0.1/api/profile/favorites", init("http://127.0.0.1"), env)).status,
    ).toBe(200);
  });
});

describe("PATCH /api/profile/favorites/:stallId", () => {
  it("sets the note and the personal rating, each on its own, and clears them with null", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    await toggle(user.token, { stallId: stall.shopUniqueId });
    const noted = await patch(user.token, stall.shopUniqueId, { note: "  Ask for extra chutney " });
    expect(noted.status).toBe(200);
    expect(await noted.json()).toMatchObject({
      stallId: stall.shopUniqueId,
      note: "Ask for extra chutney",
      personal_rating: null,
    });
    const rated = await patch(user.token, stall.shopUniqueId, { personal_rating: 5 });
    expect(await rated.json()).toMatchObject({ note: "Ask for extra chutney", personal_rating: 5 });
    const cleared = await patch(user.token, stall.shopUniqueId, { note: "", personal_rating: null });
    expect(await cleared.json()).toMatchObject({ note: null, personal_rating: null });
  });

  it.each([
    [{ personal_rating: 0 }, "personal_rating"],
    [{ personal_rating: 6 }, "personal_rating"],
    [{ personal_rating: 2.5 }, "personal_rating"],
    [{ personal_rating: "4" }, "personal_rating"],
    [{ note: "x".repeat(1001) }, "note"],
    [{ note: 7 }, "note"],
  ])("answers 400 for %j", async (body, field) => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    await toggle(user.token, { stallId: stall.shopUniqueId });
    const response = await patch(user.token, stall.shopUniqueId, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
  });

  it("answers 400 for an empty update", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    await toggle(user.token, { stallId: stall.shopUniqueId });
    expect((await patch(user.token, stall.shopUniqueId, {})).status).toBe(400);
  });

  it("never reads or edits another user's note", async () => {
    const owner = await createSignedInUser(env);
    const intruder = await createSignedInUser(env);
    const stall = await createStall(env);
    await toggle(owner.token, { stallId: stall.shopUniqueId });
    await patch(owner.token, stall.shopUniqueId, { note: "My secret spot", personal_rating: 4 });

    expect(await list(intruder.token)).toEqual([]);
    expect(await profileFavorites(intruder.token)).toEqual([]);
    const edit = await patch(intruder.token, stall.shopUniqueId, { note: "hijacked" });
    expect(edit.status).toBe(404);
    expect(JSON.stringify(await edit.json())).not.toContain("secret");
    expect((await list(owner.token))[0]).toMatchObject({ note: "My secret spot", personal_rating: 4 });
  });

  it("answers 404 for a stall that is not bookmarked", async () => {
    const user = await createSignedInUser(env);
    const stall = await createStall(env);
    expect((await patch(user.token, stall.shopUniqueId, { note: "hi" })).status).toBe(404);
  });
});

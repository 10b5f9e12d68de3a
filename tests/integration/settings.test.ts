import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { createSignedInUser, createStall } from "../factories";
import { sendToWorker as send } from "../worker-fetch";

// Settings (issue 22) through the whole Worker (build first): GET and PUT /api/settings, the settings page's own
// forms for visitors and signed-in people, and the choices at work elsewhere (distances in miles, Discover's city).

const VALID = {
  units: "mi",
  home_city: "bangalore",
  profile_visibility: "followers",
  mention_policy: "nobody",
};
const json = (token: string | null, body: unknown) => ({
  method: "PUT",
  headers: {
    "Content-Type": "application/json",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});
// A page's form post, as a browser sends it: Remix compares its Origin with the Host.
const saveOnPage = (fields: Record<string, string>, cookies: string[] = []) =>
  send("/settings?index", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Host: "127.0.0.1" },
    cookies,
  });

async function profileRow(userId: string) {
  const [row] = await getDb(env.DB).select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

// One stall in Bangalore, far from Discover's New Delhi default; its card says how far it is.
const BANGALORE_STALL = "Settings Test Masala Dosa Corner";
beforeAll(async () => {
  await createStall(env, { name: BANGALORE_STALL, latitude: 12.9716, longitude: 77.5946 });
});

describe("GET /api/settings", () => {
  it("gives a visitor the defaults", async () => {
    const answer = await send("/api/settings");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      theme: "light",
      language: "en",
      units: "km",
      home_city: null,
      profile_visibility: "public",
      mention_policy: "everyone",
    });
  });

  it("reads a visitor's choices from their cookies, and ignores cookies that are not choices", async () => {
    const cookies = ["nukkad-theme=system", "nukkad-units=mi", "nukkad-city=delhi", "nukkad-lang=hi"];
    const body = await (await send("/api/settings", { cookies })).json();
    expect(body).toMatchObject({ theme: "system", units: "mi", home_city: "delhi", language: "hi" });
    const junk = ["nukkad-theme=purple", "nukkad-units=furlongs", "nukkad-city=paris"];
    expect(await (await send("/api/settings", { cookies: junk })).json()).toMatchObject({
      theme: "light",
      units: "km",
      home_city: null,
    });
  });
});

describe("PUT /api/settings", () => {
  it("refuses a visitor", async () => {
    const answer = await send("/api/settings", json(null, VALID));
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: "Please log in first!" });
  });

  it("names the field it refuses", async () => {
    const user = await createSignedInUser(env);
    const refused = async (body: unknown) => {
      const answer = await send("/api/settings", json(user.token, body));
      expect(answer.status).toBe(400);
      return answer.json();
    };
    expect(await refused({ ...VALID, units: "furlongs" })).toEqual({
      error: "units: Choose km or mi",
      field: "units",
    });
    expect(await refused({ ...VALID, home_city: "paris" })).toMatchObject({ field: "home_city" });
    expect(await refused({ ...VALID, theme: "sepia" })).toMatchObject({ field: "theme" });
    const { mention_policy: _left, ...withoutMentions } = VALID;
    expect(await refused(withoutMentions)).toMatchObject({ field: "mention_policy" });
    // Not a setting: an error, not a quiet no-op.
    expect(await refused({ ...VALID, role: "admin" })).toMatchObject({
      error: expect.stringMatching(/role/),
    });
    // Nothing of the refused requests was kept.
    expect(await profileRow(user.id)).toMatchObject({
      units: "km",
      homeCity: null,
      mentionPolicy: "everyone",
    });
  });

  it("keeps the settings on the profile and answers with them", async () => {
    const user = await createSignedInUser(env);
    const answer = await send("/api/settings", json(user.token, { ...VALID, theme: "dark", language: "hi" }));
    expect(answer.status).toBe(200);
    const saved = { ...VALID, theme: "dark", language: "hi" };
    expect(await answer.json()).toEqual(saved);
    expect(answer.headers.get("Set-Cookie")).toMatch(/^nukkad-theme=dark; Path=\//);
    expect(await profileRow(user.id)).toMatchObject({
      units: "mi",
      homeCity: "bangalore",
      profileVisibility: "followers",
      mentionPolicy: "nobody",
      language: "hi",
    });
    // Read back (by cookie, as a browser would), and the page is in the language just chosen.
    const session = `nukkad_session=${user.token}`;
    const read = await send("/api/settings", { cookies: [session, "nukkad-theme=dark"] });
    expect(await read.json()).toEqual(saved);
    expect(await (await send("/settings", { cookies: [session] })).text()).toMatch(/<html lang="hi"/);
    // A null city goes back to the app's default.
    const cleared = await send("/api/settings", json(user.token, { ...VALID, home_city: null }));
    expect(await cleared.json()).toMatchObject({ home_city: null });
  });
});

describe("distances in the chosen unit", () => {
  const discoverNearBangalore = (cookies: string[]) =>
    send("/discover?view=list&near=12.9816,77.5946", { cookies }).then((answer) => answer.text());

  it("writes Discover's distances in miles for someone who chose miles, kilometres otherwise", async () => {
    const user = await createSignedInUser(env);
    const session = `nukkad_session=${user.token}`;
    // 0.01 degrees of latitude north of the stall: 1.1 km, 0.7 mi.
    expect(await discoverNearBangalore([session])).toContain(">1.1 km<");
    await send("/api/settings", json(user.token, { ...VALID, units: "mi" }));
    const inMiles = await discoverNearBangalore([session]);
    expect(inMiles).toContain(">0.7 mi<");
    expect(inMiles).not.toContain(">1.1 km<");
    // The profile outranks this browser's cookie.
    expect(await discoverNearBangalore([session, "nukkad-units=km"])).toContain(">0.7 mi<");
  });

  it("does the same for a visitor, through the settings page's form, in Hindi too", async () => {
    const answer = await saveOnPage({ units: "mi" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/settings");
    expect(answer.headers.get("Set-Cookie")).toMatch(
      /^nukkad-units=mi; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
    expect(await discoverNearBangalore(["nukkad-units=mi"])).toContain(">0.7 mi<");
    expect(await discoverNearBangalore(["nukkad-units=mi", "nukkad-lang=hi"])).toContain(">0.7 मील<");
  });
});

describe("the settings page's forms", () => {
  it("starts a visitor's Discover in the chosen city, over the area last looked at", async () => {
    expect(await (await send("/discover?view=list")).text()).not.toContain(BANGALORE_STALL);
    const answer = await saveOnPage({ home_city: "bangalore" }, ["nukkad-area=28.6139,77.2090,13"]);
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toContainEqual(expect.stringMatching(/^nukkad-city=bangalore; Path=\//));
    expect(cookies).toContainEqual(expect.stringMatching(/^nukkad-area=; Path=\/; Max-Age=0/));
    expect(
      await (await send("/discover?view=list", { cookies: ["nukkad-city=bangalore"] })).text(),
    ).toContain(BANGALORE_STALL);
  });

  it("keeps a signed-in person's choices on their profile", async () => {
    const user = await createSignedInUser(env);
    const session = `nukkad_session=${user.token}`;
    const forms: Record<string, string>[] = [
      { profile_visibility: "followers" },
      { mention_policy: "following" },
      { home_city: "delhi" },
    ];
    for (const fields of forms) {
      expect((await saveOnPage(fields, [session])).status).toBe(302);
    }
    expect(await profileRow(user.id)).toMatchObject({
      profileVisibility: "followers",
      mentionPolicy: "following",
      homeCity: "delhi",
    });
    const page = await (await send("/settings", { cookies: [session] })).text();
    expect(page).toMatch(/aria-pressed="true"[^>]*>Followers only</);
    expect(page).toMatch(/aria-pressed="true"[^>]*>People I follow</);
    expect(page).toMatch(/aria-pressed="false"[^>]*>Public</);
  });

  it("sends a visitor to sign in for community settings, and refuses values that are not choices", async () => {
    const answer = await saveOnPage({ profile_visibility: "followers" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const refused = await saveOnPage({ units: "furlongs" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows a visitor Preferences, Support and Share App, and a sign-in prompt instead of the rest", async () => {
    const page = await (await send("/settings")).text();
    for (const text of ["Preferences", "Support", "Share App", "Sign in to manage your account"]) {
      expect(page).toContain(text);
    }
    for (const mark of ['id="community"', "/api/profile/export", "/settings/account", "/settings/data"]) {
      expect(page).not.toContain(mark);
    }
    const signedIn = await createSignedInUser(env);
    const own = await (await send("/settings", { cookies: [`nukkad_session=${signedIn.token}`] })).text();
    for (const mark of [
      'id="community"',
      "/api/profile/export",
      "/settings/account",
      "/settings/data#delete",
    ]) {
      expect(own).toContain(mark);
    }
  });
});

describe("the system theme", () => {
  it("is decided by the page before it paints, by a script the CSP allows", async () => {
    const answer = await send("/settings", { cookies: ["nukkad-theme=system"] });
    const html = await answer.text();
    const nonce = answer.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">document.documentElement.classList.toggle("dark"`);
    expect(html).not.toMatch(/<html[^>]*class="dark"/);
    const dark = await (await send("/settings", { cookies: ["nukkad-theme=dark"] })).text();
    expect(dark).toMatch(/<html[^>]*class="dark"/);
    expect(dark).not.toContain("prefers-color-scheme");
  });
});

import { env } from "cloudflare:test";
import { strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { parseCsv } from "~/lib/rules/csv";
import { createEmailToken } from "~/models/email-token.server";
import { createFoodTrail, createSignedInUser, createStall, TEST_PASSWORD } from "../factories";
import csvList from "../fixtures/takeout-saved-list.csv?raw";
import takeoutPlaces from "../fixtures/takeout-saved-places.json?raw";
import { PLAIN_PNG } from "../images";
import { parseXml, type XmlElement } from "../xml";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), "Content-Type": "application/json" });

const call = (path: string, init: RequestInit = {}) => api.request(path, init, env);

async function favourite(
  token: string,
  stallId: string,
  extra?: { note?: string; personal_rating?: number },
) {
  const on = await call("/api/profile/favorites", {
    method: "PUT",
    headers: json(token),
    body: JSON.stringify({ stallId, favourited: true }),
  });
  expect(on.status).toBe(200);
  if (extra) {
    const patched = await call(`/api/profile/favorites/${stallId}`, {
      method: "PATCH",
      headers: json(token),
      body: JSON.stringify(extra),
    });
    expect(patched.status).toBe(200);
  }
}

function uploadFile(token: string, content: string | Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new File([content as BlobPart], name));
  return call("/api/profile/import", { method: "POST", headers: bearer(token), body: form });
}

interface Preview {
  source: string;
  matched: {
    name: string;
    by: string;
    saved: boolean;
    stall: { id: string; name: string; distance_m: number | null };
  }[];
  unmatched: { name: string; located: boolean }[];
}

const count = async (sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n;

const childNamed = (node: XmlElement, name: string) => node.children.filter((child) => child.name === name);

// The stalls the shipped Takeout sample names, where the sample's places are (tests/fixtures).
type Stall = Awaited<ReturnType<typeof createStall>>;
let sharma: Stall;
let raju: Stall;
let vidyarthi: Stall;

beforeAll(async () => {
  sharma = await createStall(env, { name: "Sharma Chaat", latitude: 28.6562, longitude: 77.2303 });
  raju = await createStall(env, { name: "Raju Momo Corner", latitude: 12.9352, longitude: 77.6245 });
  vidyarthi = await createStall(env, { name: "Vidyarthi Bhavan", latitude: 12.9452, longitude: 77.5713 });
});

describe("GET /api/profile/export", () => {
  it("answers a ZIP whose every file parses back and holds only the caller's data", async () => {
    const owner = await createSignedInUser(env, { fullName: "Asha Backup" });
    const other = await createSignedInUser(env, { fullName: "Someone Else Entirely" });
    const saved = await createStall(env, { name: "Backup Dosa Point", latitude: 12.97, longitude: 77.59 });
    const secret = await createStall(env, { name: "Other Person's Secret Stall" });
    const mine = await createStall(env, {
      name: "My Own Kathi Rolls",
      status: "pending",
      createdBy: owner.id,
    });
    const note = 'Ask for "extra" chutney, crispy\nand hot';
    await favourite(owner.token, saved.shopUniqueId, { note, personal_rating: 5 });
    await favourite(other.token, secret.shopUniqueId, { note: "the other person's note" });
    const review = await call(`/api/reviews/${saved.shopUniqueId}`, {
      method: "PUT",
      headers: json(owner.token),
      body: JSON.stringify({ rating: 4, body: "Crisp dosa & strong coffee" }),
    });
    expect(review.status).toBe(201);
    const privateTrail = await createFoodTrail(env, [saved, secret], {
      authorId: owner.id,
      title: "My secret walk",
      visibility: "private",
    });
    await createFoodTrail(env, [secret, saved], { authorId: other.id, title: "Someone else's walk" });
    const share = async (token: string, text: string) => {
      const answer = await call("/api/posts", {
        method: "POST",
        headers: json(token),
        body: JSON.stringify({ type: "tip", text, stall_id: saved.shopUniqueId }),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const myPost = await share(owner.token, "Go early for the ghee roast");
    const theirPost = await share(other.token, "Someone else's post text");
    const comment = await call(`/api/posts/${theirPost}/comments`, {
      method: "POST",
      headers: json(owner.token),
      body: JSON.stringify({ text: "Agreed, worth the queue" }),
    });
    expect(comment.status).toBe(201);
    const otherUsername = `backup_${other.id
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}`;
    await env.DB.prepare("UPDATE profiles SET username = ? WHERE user_id = ?")
      .bind(otherUsername, other.id)
      .run();
    const follow = await call(`/api/users/${otherUsername}/follow`, {
      method: "PUT",
      headers: json(owner.token),
      body: JSON.stringify({ following: true }),
    });
    expect(follow.status).toBe(200);
    for (const [path, body] of [
      [`/api/users/${otherUsername}/mute`, { muted: true }],
      ["/api/profile/muted-words", { words: ["biryani"] }],
    ] as const) {
      const put = await call(path, { method: "PUT", headers: json(owner.token), body: JSON.stringify(body) });
      expect(put.status).toBe(200);
    }

    const response = await call("/api/profile/export", { headers: bearer(owner.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="nukkad-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "blocked.json",
      "comments.json",
      "favourites.csv",
      "favourites.geojson",
      "favourites.gpx",
      "favourites.json",
      "favourites.kml",
      "following.json",
      "muted-words.json",
      "muted.json",
      "posts.json",
      "profile.json",
      "reviews.json",
      "stalls-added.json",
      "trails.json",
    ]);

    expect(JSON.parse(text("profile.json"))).toMatchObject({ email: owner.email, full_name: "Asha Backup" });
    const favourites = JSON.parse(text("favourites.json"));
    expect(favourites).toMatchObject({ format: "nukkad-favourites", version: 1 });
    expect(favourites.favourites).toEqual([
      expect.objectContaining({
        stall_id: saved.shopUniqueId,
        name: "Backup Dosa Point",
        note,
        personal_rating: 5,
        latitude: 12.97,
        longitude: 77.59,
      }),
    ]);

    const [header, ...rows] = parseCsv(text("favourites.csv"));
    expect(header).toEqual([
      "stall_id",
      "name",
      "location",
      "latitude",
      "longitude",
      "note",
      "personal_rating",
      "saved_at",
      "url",
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe(saved.shopUniqueId);
    expect(rows[0]?.[5]).toBe(note);
    expect(rows[0]?.[6]).toBe("5");

    const geojson = JSON.parse(text("favourites.geojson"));
    expect(geojson.type).toBe("FeatureCollection");
    expect(geojson.features).toEqual([
      expect.objectContaining({
        geometry: { type: "Point", coordinates: [77.59, 12.97] },
        properties: expect.objectContaining({ name: "Backup Dosa Point", note, personal_rating: 5 }),
      }),
    ]);

    const gpx = parseXml(text("favourites.gpx"));
    expect(gpx.name).toBe("gpx");
    const [waypoint] = childNamed(gpx, "wpt");
    expect(waypoint?.attributes).toEqual({ lat: "12.97", lon: "77.59" });
    expect(childNamed(waypoint as XmlElement, "name")[0]?.text).toBe("Backup Dosa Point");
    expect(childNamed(waypoint as XmlElement, "desc")[0]?.text).toContain(note);

    const kml = parseXml(text("favourites.kml"));
    const [placemark] = childNamed(childNamed(kml, "Document")[0] as XmlElement, "Placemark");
    expect(childNamed(placemark as XmlElement, "name")[0]?.text).toBe("Backup Dosa Point");
    const point = childNamed(placemark as XmlElement, "Point")[0] as XmlElement;
    expect(childNamed(point, "coordinates")[0]?.text).toBe("77.59,12.97");

    expect(JSON.parse(text("stalls-added.json"))).toEqual([
      expect.objectContaining({ id: mine.shopUniqueId, name: "My Own Kathi Rolls", status: "pending" }),
    ]);
    expect(JSON.parse(text("reviews.json"))).toEqual([
      expect.objectContaining({
        stall_id: saved.shopUniqueId,
        rating: 4,
        body: "Crisp dosa & strong coffee",
      }),
    ]);
    const trails = JSON.parse(text("trails.json"));
    expect(trails).toEqual([
      expect.objectContaining({ id: privateTrail, title: "My secret walk", visibility: "private" }),
    ]);
    expect(trails[0].stops.map((stop: { stall_id: string }) => stop.stall_id)).toEqual([
      saved.shopUniqueId,
      secret.shopUniqueId,
    ]);

    expect(JSON.parse(text("posts.json"))).toEqual([
      expect.objectContaining({
        id: myPost,
        type: "tip",
        text: "Go early for the ghee roast",
        stall_id: saved.shopUniqueId,
      }),
    ]);
    expect(JSON.parse(text("comments.json"))).toEqual([
      expect.objectContaining({ post_id: theirPost, text: "Agreed, worth the queue" }),
    ]);
    expect(JSON.parse(text("following.json"))).toEqual([
      { username: otherUsername, since: expect.any(String) },
    ]);
    expect(JSON.parse(text("muted.json"))).toEqual([{ username: otherUsername, since: expect.any(String) }]);
    expect(JSON.parse(text("muted-words.json"))).toEqual([{ word: "biryani", since: expect.any(String) }]);
    expect(JSON.parse(text("blocked.json"))).toEqual([]);

    // The other person's bookmark, note, name, address, trail and post are in no file.
    const everything = Object.keys(files).map(text).join("\n");
    for (const theirs of [
      other.email,
      "Someone Else Entirely",
      "the other person's note",
      "Someone else's walk",
      "Someone else's post text",
    ])
      expect(everything).not.toContain(theirs);
    expect(text("favourites.json")).not.toContain(secret.shopUniqueId);
    expect(text("README.txt")).toContain("favourites.gpx");
  });

  it("writes every time as ISO 8601 text and links each stall, trail and post to its page", async () => {
    const owner = await createSignedInUser(env, { fullName: "Ravi Links" });
    const stall = await createStall(env, { name: "Link Dosa", createdBy: owner.id });
    await favourite(owner.token, stall.shopUniqueId, { note: "crisp" });
    const trail = await createFoodTrail(env, [stall], { authorId: owner.id, title: "Linked walk" });
    const post = await call("/api/posts", {
      method: "POST",
      headers: json(owner.token),
      body: JSON.stringify({ type: "tip", text: "Linked post", stall_id: stall.shopUniqueId }),
    });
    const postId = ((await post.json()) as { id: string }).id;

    const response = await call("/api/profile/export", { headers: bearer(owner.token) });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
    const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const stallPage = expect.stringMatching(new RegExp(`^https?://[^/]+/stall/${stall.shopUniqueId}$`));

    expect(read("profile.json")).toMatchObject({ created_at: iso, email_verified: true });
    expect(read("favourites.json").favourites).toEqual([
      expect.objectContaining({ stall_id: stall.shopUniqueId, saved_at: iso, url: stallPage }),
    ]);
    expect(read("stalls-added.json")).toEqual([
      expect.objectContaining({ id: stall.shopUniqueId, created_at: iso, url: stallPage }),
    ]);
    expect(read("trails.json")).toEqual([
      expect.objectContaining({
        id: trail,
        created_at: iso,
        url: expect.stringMatching(new RegExp(`/food-trails/${trail}$`)),
      }),
    ]);
    expect(read("posts.json")).toEqual([
      expect.objectContaining({
        id: postId,
        created_at: iso,
        url: expect.stringMatching(new RegExp(`/feed\\?post=${postId}$`)),
      }),
    ]);
  });

  it("refuses a visitor", async () => {
    expect((await call("/api/profile/export")).status).toBe(401);
  });
});

describe("POST /api/profile/import", () => {
  it("matches the Takeout sample: near and alike matched, far or differently named not", async () => {
    const user = await createSignedInUser(env);
    const response = await uploadFile(user.token, takeoutPlaces, "Saved Places.json");
    expect(response.status).toBe(200);
    const preview = (await response.json()) as Preview;
    expect(preview.source).toBe("takeout-geojson");
    expect(preview.matched.map((m) => [m.name, m.stall.id, m.by])).toEqual([
      ["Sharma Ji Chaat Bhandar", sharma.shopUniqueId, "position"],
      ["Raju Momos", raju.shopUniqueId, "position"],
    ]);
    for (const match of preview.matched) {
      expect(match.stall.distance_m).toBeGreaterThan(20);
      expect(match.stall.distance_m).toBeLessThanOrEqual(75);
    }
    // 200 m from a stall of the same name; 9 m from a stall of another name; a place Takeout has no location for.
    expect(preview.unmatched).toEqual([
      { name: "Vidyarthi Bhavan", address: expect.stringContaining("Basavanagudi"), located: true },
      { name: "Gupta Chaat", address: expect.any(String), located: true },
      { name: "Karim's", address: null, located: false },
    ]);
    // A preview saves nothing.
    expect(await count("SELECT count(*) AS n FROM favourites WHERE user_id = ?", user.id)).toBe(0);
  });

  it("matches a Takeout CSV list by name alone (it has no coordinates), sent as the body itself", async () => {
    const user = await createSignedInUser(env);
    const response = await call("/api/profile/import", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "text/csv" },
      body: csvList,
    });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as Preview;
    expect(preview.source).toBe("takeout-csv");
    expect(preview.matched.map((m) => [m.name, m.stall.id, m.by, m.stall.distance_m])).toEqual([
      ["Raju Momos", raju.shopUniqueId, "name", null],
      ["Vidyarthi Bhavan", vidyarthi.shopUniqueId, "name", null],
    ]);
    expect(preview.unmatched).toEqual([{ name: "Karim's", address: null, located: false }]);
  });

  it("takes a GeoJSON file sent as the JSON body itself", async () => {
    const user = await createSignedInUser(env);
    const response = await call("/api/profile/import", {
      method: "POST",
      headers: json(user.token),
      body: takeoutPlaces,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Preview).matched.map((m) => m.stall.id)).toEqual([
      sharma.shopUniqueId,
      raju.shopUniqueId,
    ]);
  });

  it("reads a previous Nukkad backup, as the ZIP or its favourites.json, and marks what is saved already", async () => {
    const owner = await createSignedInUser(env);
    await favourite(owner.token, raju.shopUniqueId, { note: "momos" });
    const zip = new Uint8Array(
      await (await call("/api/profile/export", { headers: bearer(owner.token) })).arrayBuffer(),
    );
    const newcomer = await createSignedInUser(env);
    await favourite(newcomer.token, raju.shopUniqueId);
    for (const file of [zip, unzipSync(zip)["favourites.json"] as Uint8Array]) {
      const preview = (await (await uploadFile(newcomer.token, file, "backup")).json()) as Preview;
      expect(preview.source).toBe("nukkad-backup");
      expect(preview.matched).toEqual([
        expect.objectContaining({ name: "Raju Momo Corner", by: "position", saved: true }),
      ]);
      expect(preview.matched[0]?.stall).toMatchObject({ id: raju.shopUniqueId, distance_m: 0 });
    }
  });

  it("refuses what is not a saved-places file, no file, a file over 2 MB and a visitor", async () => {
    const user = await createSignedInUser(env);
    for (const [content, name] of [
      ["just some words", "notes.txt"],
      ['{"hello": "world"}', "other.json"],
      [zipSync({ "photo.jpg": strToU8("not favourites") }), "other.zip"],
    ] as const) {
      const refused = await uploadFile(user.token, content, name);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error:
          "This file is not a Google Maps Takeout saved places file (GeoJSON or CSV) or a Nukkad backup.",
        field: "file",
      });
    }
    const empty = await call("/api/profile/import", {
      method: "POST",
      headers: bearer(user.token),
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Choose a file to import.", field: "file" });
    const huge = await uploadFile(user.token, "x".repeat(2 * 1024 * 1024 + 1), "huge.csv");
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "The file must be at most 2 MB.", field: "file" });
    const visitor = await call("/api/profile/import", { method: "POST", body: new FormData() });
    expect(visitor.status).toBe(401);
  });
});

describe("POST /api/profile/import/confirm", () => {
  it("bookmarks exactly the chosen stalls, and a second confirmation adds nothing", async () => {
    const user = await createSignedInUser(env);
    const confirm = (stallIds: unknown) =>
      call("/api/profile/import/confirm", {
        method: "POST",
        headers: json(user.token),
        body: JSON.stringify({ stallIds }),
      });
    const first = await confirm([sharma.shopUniqueId, raju.shopUniqueId, "no-such-stall"]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ added: 2, already_saved: 0, not_found: ["no-such-stall"] });
    const again = await confirm([sharma.shopUniqueId, raju.shopUniqueId]);
    expect(await again.json()).toEqual({ added: 0, already_saved: 2, not_found: [] });
    const rows = await env.DB.prepare(
      "SELECT s.shop_unique_id AS id FROM favourites f JOIN stalls s ON s.id = f.stall_id WHERE f.user_id = ? ORDER BY s.id",
    )
      .bind(user.id)
      .all<{ id: string }>();
    expect(rows.results.map((row) => row.id)).toEqual([sharma.shopUniqueId, raju.shopUniqueId]);
    // Nothing else was created: no stall beyond the ones the tests made.
    expect(await count("SELECT count(*) AS n FROM stalls WHERE created_by = ?", user.id)).toBe(0);

    const pending = await createStall(env, { status: "pending" });
    expect(await (await confirm([pending.shopUniqueId])).json()).toEqual({
      added: 0,
      already_saved: 0,
      not_found: [pending.shopUniqueId],
    });
    const empty = await confirm([]);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ field: "stallIds" });
    expect((await confirm(["bad id!"])).status).toBe(400);
  });
});

describe("DELETE /api/profile", () => {
  const remove = (headers: HeadersInit, body: unknown) =>
    call("/api/profile", { method: "DELETE", headers, body: JSON.stringify(body) });

  it("refuses a visitor (401) and a wrong confirmation (400 naming the field)", async () => {
    expect((await remove({ "Content-Type": "application/json" }, { confirm: "anyone" })).status).toBe(401);
    const user = await createSignedInUser(env);
    await env.DB.prepare("UPDATE profiles SET username = 'meera_eats' WHERE user_id = ?").bind(user.id).run();
    const wrong = await remove(json(user.token), { confirm: "meera" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Type your username exactly to confirm.", field: "confirm" });
    const missing = await remove(json(user.token), {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: "confirm" });
    // Without a username the address is what to type.
    const plain = await createSignedInUser(env);
    expect(await (await remove(json(plain.token), { confirm: "meera_eats" })).json()).toEqual({
      error: "Type your e-mail address exactly to confirm.",
      field: "confirm",
    });
    expect(await count("SELECT count(*) AS n FROM users WHERE deleted_at IS NOT NULL")).toBe(0);
  });

  it("deletes the file of an uploaded picture", async () => {
    const user = await createSignedInUser(env);
    const form = new FormData();
    form.append("image", new File([PLAIN_PNG], "me.png", { type: "image/png" }));
    const uploaded = await call("/api/profile/avatar", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { avatar_url } = (await uploaded.json()) as { avatar_url: string };
    const key = avatar_url.slice("/photos/".length);
    expect(await env.PHOTOS.head(key)).not.toBeNull();
    expect((await remove(json(user.token), { confirm: user.email })).status).toBe(200);
    expect(await env.PHOTOS.head(key)).toBeNull();
  });

  it("leaves no personal row, keeps public content under 'Deleted user', and ends every session", async () => {
    const user = await createSignedInUser(env, { fullName: "Priya Leaving" });
    const db = getDb(env.DB);
    const id = user.id;
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE profiles SET username = 'priya_leaves', bio = 'Chaat lover', phone = '+91 9812345678', location = 'Jayanagar', date_of_birth = '1994-03-02', gps_coordinates = '12.93,77.58', food_preferences = '[\"Chaat\"]', gender = 'female', avatar_url = 'https://example.com/me.jpg' WHERE user_id = ?",
      ).bind(id),
      env.DB.prepare("INSERT INTO notifications (user_id, type, title) VALUES (?, 'achievement', 'Hi')").bind(
        id,
      ),
      env.DB.prepare(
        "INSERT INTO oauth_accounts (provider, provider_user_id, user_id) VALUES ('github', '42', ?)",
      ).bind(id),
      env.DB.prepare(
        "INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES ('h1', ?, 'new@example.com', 9999999999999)",
      ).bind(id),
      env.DB.prepare("INSERT INTO newsletter_subscriptions (email) VALUES (?)").bind(user.email),
      env.DB.prepare(
        "INSERT INTO contact_messages (user_id, name, email, topic, message) VALUES (?, 'Priya', ?, 'question', 'Hello')",
      ).bind(id, user.email),
      env.DB.prepare(
        "INSERT INTO stall_claims (stall_id, user_id, name, phone, reason) VALUES ((SELECT id FROM stalls LIMIT 1), ?, 'Priya', '+91 9812345678', 'Mine')",
      ).bind(id),
      env.DB.prepare(
        "INSERT INTO idempotency_keys (user_id, scope, key, status, body) VALUES (?, 's', 'k', 200, '{}')",
      ).bind(id),
    ]);
    await createEmailToken(db, id, "confirm");
    const added = await createStall(env, { name: "Priya's Public Stall", createdBy: id });
    await favourite(user.token, added.shopUniqueId, { note: "private note" });
    await call(`/api/reviews/${sharma.shopUniqueId}`, {
      method: "PUT",
      headers: json(user.token),
      body: JSON.stringify({ rating: 5, body: "Best aloo tikki in Chandni Chowk" }),
    });
    const publicTrail = await createFoodTrail(env, [sharma, raju], {
      authorId: id,
      title: "Priya's public walk",
    });
    const privateTrail = await createFoodTrail(env, [sharma, raju], {
      authorId: id,
      title: "Priya's private walk",
      visibility: "private",
    });
    const someoneElses = await createFoodTrail(env, [raju, sharma], { title: "A walk Priya saved" });
    const saved = await call(`/api/trails/${someoneElses}/save`, {
      method: "PUT",
      headers: json(user.token),
      body: JSON.stringify({ saved: true }),
    });
    expect(await saved.json()).toMatchObject({ saves: 1 });
    // A second session, used once so that it sits in the KV cache (ADR 003).
    const other = await call("/api/auth/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const otherToken = ((await other.json()) as { data: { session: { access_token: string } } }).data.session
      .access_token;
    expect((await call("/api/profile", { headers: bearer(otherToken) })).status).toBe(200);

    const deleted = await remove(json(user.token), { confirm: " Priya_Leaves " });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ data: { deleted: true } });
    expect(deleted.headers.get("Clear-Site-Data")).toBe('"storage"');
    expect(deleted.headers.get("Set-Cookie")).toMatch(/^nukkad_session=; Path=\/; Max-Age=0/);

    // Every table with a user column: nothing of theirs left but the tombstone and their public contributions.
    for (const [table, column] of [
      ["sessions", "user_id"],
      ["favourites", "user_id"],
      ["notifications", "user_id"],
      ["email_tokens", "user_id"],
      ["email_changes", "user_id"],
      ["oauth_accounts", "user_id"],
      ["idempotency_keys", "user_id"],
      ["stall_claims", "user_id"],
      ["trail_saves", "user_id"],
      ["contact_messages", "user_id"],
    ])
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, id), table).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?", user.email),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM contact_messages WHERE email = ?", user.email)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", user.email)).toBe(0);
    const tombstone = await env.DB.prepare(
      "SELECT u.email, u.password_hash, u.email_verified_at, u.deleted_at, p.* FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ?",
    )
      .bind(id)
      .first();
    expect(tombstone).toMatchObject({
      email: `deleted-${id.toLowerCase()}@deleted.invalid`,
      password_hash: null,
      email_verified_at: null,
      deleted_at: expect.any(Number),
      full_name: "Deleted user",
      username: null,
      avatar_url: null,
      bio: null,
      location: null,
      phone: null,
      date_of_birth: null,
      food_preferences: "[]",
      gender: null,
      gps_coordinates: "",
      language: null,
      home_city: null,
    });

    // Public content stays, shown under 'Deleted user' with no profile to link to.
    expect(await count("SELECT count(*) AS n FROM stalls WHERE created_by = ?", id)).toBe(1);
    const reviews = (await (await call(`/api/reviews/${sharma.shopUniqueId}`)).json()) as {
      items: { author: { name: string; username: string | null }; body: string }[];
    };
    const theirs = reviews.items.find((review) => review.body === "Best aloo tikki in Chandni Chowk");
    expect(theirs?.author).toMatchObject({ name: "Deleted user", username: null });
    const trail = await call(`/api/trails/${publicTrail}`);
    expect(trail.status).toBe(200);
    expect(await trail.json()).toMatchObject({ author: { name: "Deleted user", username: null } });
    expect((await call(`/api/trails/${privateTrail}`)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM trails WHERE title = ?", "Priya's private walk")).toBe(0);
    expect(await (await call(`/api/trails/${someoneElses}`)).json()).toMatchObject({ saves: 0 });

    // Both sessions are over (the cached one too), and the account can never sign in again.
    for (const token of [user.token, otherToken])
      expect((await call("/api/profile", { headers: bearer(token) })).status).toBe(401);
    const signIn = await call("/api/auth/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.9" },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(401);

    // The last e-mail went to the old address, before it was scrubbed.
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE to_address = ?")
      .bind(user.email)
      .all<{ subject: string; text: string }>();
    expect(mail.results.map((m) => m.subject)).toContain("Your Nukkad account was deleted");
  });
});

describe("/settings/data", () => {
  it("deletes the account from the page's form: a wrong confirmation is refused, the right one signs out", async () => {
    const { sendToWorker } = await import("../worker-fetch");
    const user = await createSignedInUser(env);
    const cookie = `nukkad_session=${user.token}`;
    const post = (confirm: string) =>
      sendToWorker("/settings/data.data", {
        method: "POST",
        headers: { Host: "127.0.0.1" },
        cookies: [cookie],
        body: new URLSearchParams({ intent: "delete-account", confirm }),
      });
    const wrong = await post("not my address");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Type your e-mail address exactly to confirm.");
    const deleted = await post(user.email);
    // Remix's fetch carries the redirect in its body: the signed-out person goes where they are told it worked.
    expect(deleted.status).toBe(202);
    expect(await deleted.clone().text()).toContain('"/account-deleted"');
    expect(deleted.headers.get("Clear-Site-Data")).toBe('"storage"');
    expect(deleted.headers.getSetCookie().join("\n")).toMatch(/nukkad_session=; Path=\/; Max-Age=0/);
    expect(
      await count("SELECT count(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL", user.id),
    ).toBe(1);
    const visitor = await sendToWorker("/settings/data", {
      headers: { Host: "127.0.0.1" },
      cookies: [cookie],
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings%2Fdata");
  }, 60_000);
});

describe("Sign out", () => {
  it("the API's sign-out clears this browser's storage", async () => {
    const user = await createSignedInUser(env);
    const response = await call("/api/auth/signout", { method: "POST", headers: bearer(user.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Clear-Site-Data")).toBe('"storage"');
  });

  it("the page's sign-out does too, beside the cleared session cookie, as a form and through Remix's fetch", async () => {
    // The whole Worker with the server build (npm test builds first); only this test needs it.
    const { sendToWorker } = await import("../worker-fetch");
    for (const path of ["/signout", "/signout.data"]) {
      const user = await createSignedInUser(env);
      const cookie = `nukkad_session=${user.token}`;
      const response = await sendToWorker(path, {
        method: "POST",
        headers: { Host: "127.0.0.1" },
        cookies: [cookie],
      });
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("Clear-Site-Data"), path).toBe('"storage"');
      expect(response.headers.getSetCookie().join("\n"), path).toMatch(/nukkad_session=; Path=\/; Max-Age=0/);
      expect((await sendToWorker("/api/profile", { cookies: [cookie] })).status).toBe(401);
    }
  }, 60_000);
});

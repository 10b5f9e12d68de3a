import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { photos, stalls } from "~/db/schema";
import { CONFIRM_EMAIL_FIRST } from "~/lib/rules/contributor";
import { PIN_REQUIRED } from "~/lib/schemas/stall-form";
import type { StallDetail } from "~/models/stall/stall.server";
import { DAILY_STALL_LIMIT } from "~/models/stall/stall.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall, createUser } from "../factories";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);

const payload = {
  name: "Raju Momos",
  description: "Steamed and fried momos with a fiery red chutney.",
  category: "Street Food",
  location: "Near Gate 2, Koramangala 5th Block, Bangalore",
  gps_coordinates: "(12.935200,77.624500)",
  tags: ["Spicy", "Chinese", "Rooftop seating"],
  discovery_tags: ["hidden gem"],
  menu: [{ item: "Veg momos", price: 60, description: "Eight pieces" }],
  contact_number: "+91 98765 43210",
  is_verified: false,
  weekly_schedule: {
    monday: { status: "open", open: "17:00", close: "01:00" },
    sunday: { status: "closed" },
  },
};

type Answer = StallDetail & { error?: string; field?: string };

async function submit(body: unknown, token?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await api.request(
    "/api/shop",
    { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) },
    env,
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

async function uploadPhoto(token: string) {
  const form = new FormData();
  form.append("image", new File([PNG], "stall.png", { type: "image/png" }));
  const response = await api.request(
    "/api/shop/upload",
    { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } },
    env,
  );
  return ((await response.json()) as { url: string }).url;
}

async function getDetail(id: string, token?: string) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return api.request(`/api/shop/by-unique/${id}`, { headers }, env);
}

describe("POST /api/shop", () => {
  it("stores a pending, unverified stall with the user's photos and answers it in the detail shape", async () => {
    const user = await createSignedInUser(env);
    const images = [await uploadPhoto(user.token), await uploadPhoto(user.token)];
    const { status, body } = await submit({ ...payload, images, thumbnail_image: images[1] }, user.token);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Raju Momos",
      description: payload.description,
      category: "Street Food",
      location: payload.location,
      gps_coordinates: "12.9352,77.6245",
      contact_number: "+91 98765 43210",
      tags: ["Spicy", "Chinese", "Rooftop seating"],
      discovery_tags: ["hidden gem"],
      menu: payload.menu,
      weekly_schedule: payload.weekly_schedule,
      images,
      thumbnail_image: images[1],
      status: "pending",
      is_verified: false,
      rating_average: null,
    });
    expect(body.shop_unique_id).toMatch(/^[A-Za-z0-9_-]+$/);

    const db = getDb(env.DB);
    const [row] = await db
      .select({ id: stalls.id, createdBy: stalls.createdBy })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, body.shop_unique_id));
    expect(row?.createdBy).toBe(user.id);
    const attached = await db
      .select({ stallId: photos.stallId })
      .from(photos)
      .where(eq(photos.userId, user.id));
    expect(attached).toEqual([{ stallId: row?.id }, { stallId: row?.id }]);
  });

  it("keeps the stall out of public reads until a moderator approves it", async () => {
    const user = await createSignedInUser(env);
    const { body } = await submit({ ...payload, name: "Hidden Until Approved" }, user.token);
    expect((await getDetail(body.shop_unique_id)).status).toBe(404);
    const stranger = await createSignedInUser(env);
    expect((await getDetail(body.shop_unique_id, stranger.token)).status).toBe(404);
    expect((await getDetail(body.shop_unique_id, user.token)).status).toBe(200);
    const list = (await (await api.request("/api/shop?limit=50", {}, env)).json()) as {
      items: { name: string }[];
    };
    expect(list.items.map((item) => item.name)).not.toContain("Hidden Until Approved");
  });

  it("derives the category from the tags when none is sent, and needs no photos, menu or hours", async () => {
    const user = await createSignedInUser(env);
    const { category: _category, menu: _menu, weekly_schedule: _hours, ...rest } = payload;
    const { status, body } = await submit({ ...rest, tags: ["Cheap", "Thai"] }, user.token);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      category: "Thai",
      images: [],
      thumbnail_image: null,
      menu: [],
      weekly_schedule: null,
    });
  });

  it("stores script tags as text", async () => {
    const user = await createSignedInUser(env);
    const name = '<script>alert("x")</script> Chaat';
    const { status, body } = await submit(
      { ...payload, name, description: "<img src=x onerror=alert(1)>" },
      user.token,
    );
    expect(status).toBe(201);
    expect(body.name).toBe(name);
    expect(body.description).toBe("<img src=x onerror=alert(1)>");
  });

  it("needs a signed-in user with a confirmed e-mail address", async () => {
    expect(await submit(payload)).toEqual({ status: 401, body: { error: "Please log in first!" } });
    const unconfirmed = await createSignedInUser(env, { verified: false });
    expect(await submit(payload, unconfirmed.token)).toEqual({
      status: 403,
      body: { error: CONFIRM_EMAIL_FIRST },
    });
  });

  it.each([
    ["no name", { name: undefined }, "name", "name: Stall name is required"],
    ["a blank name", { name: "   " }, "name", "name: Stall name is required"],
    ["a number for the name", { name: 42 }, "name", undefined],
    ["an overlong name", { name: "x".repeat(81) }, "name", "name: Stall name must be at most 80 characters"],
    ["no pin", { gps_coordinates: undefined }, "gps_coordinates", `gps_coordinates: ${PIN_REQUIRED}`],
    ["a pin off the globe", { gps_coordinates: "(91.5,200)" }, "gps_coordinates", undefined],
    ["a pin that is not numbers", { gps_coordinates: "(here,there)" }, "gps_coordinates", undefined],
    ["a foreign phone number", { contact_number: "+1 415 555 0100" }, "contact_number", undefined],
    ["no address", { location: "" }, "location", "location: Address is required"],
    ["a verified claim", { is_verified: true }, "is_verified", undefined],
    ["an external image", { images: ["https://example.com/a.jpg"] }, "images.0", undefined],
    ["16 tags", { tags: Array.from({ length: 16 }, (_, i) => `t${i}`) }, "tags", "tags: At most 15 tags"],
    ["an unknown discovery tag", { discovery_tags: ["best ever"] }, "discovery_tags.0", undefined],
    ["a menu item without a name", { menu: [{ item: "", price: 10 }] }, "menu.0.item", undefined],
    ["a negative price", { menu: [{ item: "Chai", price: -5 }] }, "menu.0.price", undefined],
    [
      "a bad time",
      { weekly_schedule: { monday: { status: "open", open: "9am", close: "21:00" } } },
      "weekly_schedule.monday.open",
      undefined,
    ],
  ])("answers 400 naming the field for %s", async (_case, change, field, message) => {
    const user = await createSignedInUser(env);
    const { status, body } = await submit({ ...payload, ...change }, user.token);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    if (message) expect(body.error).toBe(message);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const user = await createSignedInUser(env);
    expect((await submit("{not json", user.token)).status).toBe(400);
  });

  it("refuses another user's photo and a photo already used by a stall", async () => {
    const owner = await createSignedInUser(env);
    const thief = await createSignedInUser(env);
    const photo = await uploadPhoto(owner.token);
    const stolen = await submit({ ...payload, images: [photo] }, thief.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.field).toBe("images.0");
    expect((await submit({ ...payload, images: [photo] }, owner.token)).status).toBe(201);
    const reused = await submit({ ...payload, name: "Second Stall", images: [photo] }, owner.token);
    expect(reused.status).toBe(400);
    expect(reused.body.field).toBe("images.0");
  });

  it("stops at 20 stalls in 24 hours", async () => {
    const user = await createSignedInUser(env, { established: true });
    const now = Date.now();
    await createStall(env, { status: "pending", createdBy: user.id, createdAt: now - 25 * 60 * 60 * 1000 });
    for (let i = 0; i < 19; i++)
      await createStall(env, { status: "pending", createdBy: user.id, createdAt: now - i * 1000 });
    expect((await submit(payload, user.token)).status).toBe(201);
    expect(await submit(payload, user.token)).toEqual({
      status: 429,
      body: { error: DAILY_STALL_LIMIT.message },
    });
  });
});

describe("POST /api/shop under bursts and retries", () => {
  const countStalls = async (userId: string) =>
    (await getDb(env.DB).select({ id: stalls.id }).from(stalls).where(eq(stalls.createdBy, userId))).length;

  // Audit: 30 parallel submissions created 28 to 30 stalls (limit 20): each read the count before any wrote.
  it("creates exactly 20 of 30 parallel submissions", async () => {
    const user = await createSignedInUser(env, { established: true });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => submit({ ...payload, name: `Burst Stall ${i}` }, user.token)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body)).toEqual(
      Array(10).fill({ error: DAILY_STALL_LIMIT.message }),
    );
    expect(await countStalls(user.id)).toBe(20);
  });

  it("lets one photo go to one stall when two submissions race for it", async () => {
    const user = await createSignedInUser(env);
    const photo = await uploadPhoto(user.token);
    const answers = await Promise.all(
      [1, 2].map((n) => submit({ ...payload, name: `Race ${n}`, images: [photo] }, user.token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await countStalls(user.id)).toBe(1);
  });

  // Audit: the same stall posted twice at once was stored twice.
  it("stores one stall for the same Idempotency-Key sent twice at once", async () => {
    const user = await createSignedInUser(env);
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const [a, b] = await Promise.all([submit(payload, user.token, key), submit(payload, user.token, key)]);
    expect(await countStalls(user.id)).toBe(1);
    const created = [a, b].find((answer) => answer.status === 201);
    const other = a === created ? b : a;
    // The copy either arrived while the first ran (409) or after it (the first answer again).
    if (other.status === 409) expect(other.body.error).toMatch(/already being handled/);
    else expect(other).toEqual(created);
  });

  it("replays the first answer, status and body, to a retry with the same key, and creates nothing", async () => {
    const user = await createSignedInUser(env);
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const first = await submit(payload, user.token, key);
    const retry = await submit({ ...payload, name: "Changed Meanwhile" }, user.token, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(await countStalls(user.id)).toBe(1);
    // Another user's identical key is theirs alone.
    const other = await createSignedInUser(env);
    expect((await submit(payload, other.token, key)).body.shop_unique_id).not.toBe(first.body.shop_unique_id);
  });

  it("keeps no answer for a refused request: the corrected retry with the same key is handled", async () => {
    const user = await createSignedInUser(env);
    const key = { "Idempotency-Key": crypto.randomUUID() };
    expect((await submit({ ...payload, name: "" }, user.token, key)).status).toBe(400);
    expect((await submit(payload, user.token, key)).status).toBe(201);
  });
});

describe("photo references in a submission", () => {
  // Audit: `https://evil.example/photos/<own key>.jpg` was accepted because only the path was read; og:image then
  // pointed off-site.
  it("refuses an absolute URL, even around the caller's own key, and stores a bare key as our path", async () => {
    const user = await createSignedInUser(env);
    const photo = await uploadPhoto(user.token);
    const key = photo.slice("/photos/".length);
    const offsite = await submit({ ...payload, images: [`https://evil.example/photos/${key}`] }, user.token);
    expect(offsite.status).toBe(400);
    expect(offsite.body.field).toBe("images.0");
    const bare = await submit({ ...payload, images: [key], thumbnail_image: key }, user.token);
    expect(bare.status).toBe(201);
    expect(bare.body.images).toEqual([photo]);
    expect(bare.body.thumbnail_image).toBe(photo);
    const [row] = await getDb(env.DB)
      .select({ images: stalls.images, thumbnail: stalls.thumbnailImage })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, bare.body.shop_unique_id));
    expect(row).toEqual({ images: [photo], thumbnail: photo });
  });
});

describe("GET /api/shop/look-alikes", () => {
  async function lookAlikes(query: string, token?: string) {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const response = await api.request(`/api/shop/look-alikes?${query}`, { headers }, env);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  // Audit: /api/shop/look-alikes answered other users' pending stalls (id, name, distance) to anyone signed in.
  it("lists nearby approved stalls with alike names and the caller's own pending ones, never others' pending", async () => {
    const user = await createSignedInUser(env);
    const someoneElse = await createUser(env);
    const approved = await createStall(env, {
      name: "Sharma Chaat Corner",
      latitude: 28.6448,
      longitude: 77.2167,
    });
    const pending = await createStall(env, {
      name: "Sharma Chaat Stall",
      status: "pending",
      createdBy: user.id,
      latitude: 28.6449,
      longitude: 77.2167,
    });
    await createStall(env, {
      name: "Sharma Chaat Wala",
      status: "pending",
      createdBy: someoneElse.id,
      latitude: 28.6448,
      longitude: 77.2166,
    });
    await createStall(env, { name: "Sharma Chaat", latitude: 28.66, longitude: 77.2167 }); // 1.7 km away
    await createStall(env, { name: "Gupta Tea", latitude: 28.6448, longitude: 77.2168 });
    const { status, body } = await lookAlikes("lat=28.6448&lng=77.2167&name=Sharma%20Chaat", user.token);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        shop_unique_id: approved.shopUniqueId,
        name: "Sharma Chaat Corner",
        location: approved.location,
        distance: 0,
        status: "approved",
      },
      {
        shop_unique_id: pending.shopUniqueId,
        name: "Sharma Chaat Stall",
        location: null,
        distance: 0,
        status: "pending",
      },
    ]);
  });

  it("needs a signed-in user and a valid pin and name", async () => {
    expect((await lookAlikes("lat=28.6&lng=77.2&name=Chai")).status).toBe(401);
    const user = await createSignedInUser(env);
    for (const query of [
      "lat=95&lng=77.2&name=Chai",
      "lat=abc&lng=77.2&name=Chai",
      "lat=28.6&lng=77.2",
      "lat=28.6&lng=77.2&name=x",
    ]) {
      expect((await lookAlikes(query, user.token)).status).toBe(400);
    }
  });
});

describe("a stall with markup in its name, on its page", () => {
  it("is rendered escaped", async () => {
    const user = await createSignedInUser(env);
    const { body } = await submit({ ...payload, name: "<script>alert(1)</script>Momos" }, user.token);
    const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://127.0.0.1/stall/${body.shop_unique_id}`, {
        headers: { Cookie: `nukkad_session=${user.token}` },
      }),
      { ...env, ASSETS: assets },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;Momos");
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

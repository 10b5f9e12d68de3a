import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { createStall, createUser } from "../factories";

type ListResponse = { items: Record<string, unknown>[]; nextCursor: string | null };

describe("GET /api/shop (list)", () => {
  beforeAll(async () => {
    const user = await createUser(env);
    for (let i = 0; i < 5; i++) {
      await createStall(env, { name: `Approved ${i}`, createdAt: Date.UTC(2026, 10, 1 + i) });
    }
    await createStall(env, { name: "Waiting", status: "pending", createdBy: user.id });
    await createStall(env, {
      name: "Refused",
      status: "rejected",
      statusReason: "Duplicate",
      createdBy: user.id,
    });
  });

  it("lists approved stalls only, newest first, in the spec's list shape", async () => {
    const response = await api.request("/api/shop", {}, env);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListResponse;
    expect(body.items.map((s) => s.name)).toEqual([
      "Approved 4",
      "Approved 3",
      "Approved 2",
      "Approved 1",
      "Approved 0",
    ]);
    const first = body.items[0] ?? {};
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "description",
        "thumbnail_image",
        "location",
        "gps_coordinates",
        "contact_number",
        "rating_average",
        "tags",
        "discovery_tags",
        "weekly_schedule",
        "created_at",
      ]),
    );
    expect(first.gps_coordinates).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect(first.id).toBe(first.shop_unique_id);
    expect(Array.isArray(first.tags)).toBe(true);
    expect(body.nextCursor).toBeNull();
  });

  it("pages with a cursor without repeating or skipping", async () => {
    const first = (await (await api.request("/api/shop?limit=2", {}, env)).json()) as ListResponse;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await api.request(`/api/shop?limit=2&cursor=${first.nextCursor}`, {}, env)
    ).json()) as ListResponse;
    const third = (await (
      await api.request(`/api/shop?limit=2&cursor=${second.nextCursor}`, {}, env)
    ).json()) as ListResponse;
    const names = [...first.items, ...second.items, ...third.items].map((s) => s.name);
    expect(names).toEqual(["Approved 4", "Approved 3", "Approved 2", "Approved 1", "Approved 0"]);
    expect(third.nextCursor).toBeNull();
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["cursor=%21%21", "cursor"],
  ])("answers 400 naming the parameter for %s", async (query, field) => {
    const response = await api.request(`/api/shop?${query}`, {}, env);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field: string };
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
  });
});

type BoxResponse = {
  items: { name: string; latitude: number; longitude: number; distance: number | null }[];
  truncated: boolean;
};

describe("GET /api/shop?bbox (the stalls a map shows)", () => {
  // A 6 x 5 grid of stalls in Pune, 0.01 degrees apart, plus a few in Mumbai and one waiting for review.
  const pune: { name: string; lat: number; lng: number }[] = [];
  beforeAll(async () => {
    const user = await createUser(env);
    for (let row = 0; row < 5; row++) {
      for (let column = 0; column < 6; column++) {
        const spot = { name: `Pune ${row}-${column}`, lat: 18.5 + row * 0.01, lng: 73.8 + column * 0.01 };
        pune.push(spot);
        await createStall(env, { name: spot.name, latitude: spot.lat, longitude: spot.lng });
      }
    }
    for (let i = 0; i < 3; i++) {
      await createStall(env, { name: `Mumbai ${i}`, latitude: 19.07 + i * 0.001, longitude: 72.87 });
    }
    await createStall(env, {
      name: "Pune waiting",
      latitude: 18.52,
      longitude: 73.82,
      status: "pending",
      createdBy: user.id,
    });
  });

  const inBox = (box: number[]) =>
    pune
      .filter(
        (s) =>
          s.lng >= (box[0] ?? 0) &&
          s.lat >= (box[1] ?? 0) &&
          s.lng <= (box[2] ?? 0) &&
          s.lat <= (box[3] ?? 0),
      )
      .map((s) => s.name)
      .sort();

  async function boxQuery(query: string): Promise<BoxResponse> {
    const response = await api.request(`/api/shop?${query}`, {}, env);
    expect(response.status).toBe(200);
    return (await response.json()) as BoxResponse;
  }

  it("answers every approved stall inside the box and none outside, without distances when no point is given", async () => {
    const box = [73.815, 18.505, 73.835, 18.535];
    const body = await boxQuery(`bbox=${box.join(",")}&limit=200`);
    expect(body.items.map((s) => s.name).sort()).toEqual(inBox(box));
    expect(body.items).toHaveLength(6);
    expect(body.truncated).toBe(false);
    expect(body.items.every((s) => s.distance === null)).toBe(true);
    expect(Object.keys(body)).toEqual(["items", "truncated"]);
  });

  it("measures distances from near and orders the stalls nearest it first", async () => {
    const body = await boxQuery("bbox=73.79,18.49,73.86,18.55&near=18.5,73.8&limit=200");
    expect(body.items).toHaveLength(30);
    const distances = body.items.map((s) => s.distance ?? -1);
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it("caps the answer at limit, keeps the stalls nearest the box's middle and says it was truncated", async () => {
    const box = [73.79, 18.49, 73.86, 18.55];
    const body = await boxQuery(`bbox=${box.join(",")}&limit=5`);
    expect(body.items).toHaveLength(5);
    expect(body.truncated).toBe(true);
    const middle = { lat: 18.52, lng: 73.825 };
    const far = (s: { lat: number; lng: number }) => Math.hypot(s.lat - middle.lat, s.lng - middle.lng);
    const kept = new Set(body.items.map((s) => s.name));
    const keptFarthest = Math.max(...pune.filter((s) => kept.has(s.name)).map(far));
    for (const stall of pune.filter((s) => !kept.has(s.name))) {
      expect(far(stall)).toBeGreaterThanOrEqual(keptFarthest - 1e-9);
    }
  });

  it("answers another city's stalls for its box", async () => {
    const body = await boxQuery("bbox=72.86,19.06,72.88,19.08");
    expect(body.items.map((s) => s.name).sort()).toEqual(["Mumbai 0", "Mumbai 1", "Mumbai 2"]);
    const empty = await boxQuery("bbox=0,0,1,1");
    expect(empty).toEqual({ items: [], truncated: false });
  });

  it("keeps only stalls within 5 km of near with the Nearby filter", async () => {
    const body = await boxQuery("bbox=73.79,18.49,73.86,18.55&near=18.5,73.8&filter=nearby&limit=200");
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThan(30);
    expect(body.items.every((s) => (s.distance ?? 99) <= 5)).toBe(true);
  });

  it.each([
    ["bbox=73.86,18.49,73.79,18.55", "bbox", "west < east"],
    ["bbox=73.79,18.55,73.86,18.49", "bbox", "south < north"],
    ["bbox=70,18,75,19", "bbox", "at most 4 degrees"],
    ["bbox=73,15,74,20", "bbox", "at most 4 degrees"],
    ["bbox=a,b,c,d", "bbox", "west,south,east,north"],
    ["bbox=73.79,18.49,73.86", "bbox", "west,south,east,north"],
    ["bbox=73.79,18.49,73.86,18.55,1", "bbox", "west,south,east,north"],
    ["bbox=73.79,,73.86,18.55", "bbox", "west,south,east,north"],
    ["bbox=", "bbox", "west,south,east,north"],
    ["bbox=181,18.49,182,18.55", "bbox", "west,south,east,north"],
    ["bbox=73.79,89.5,73.86,91", "bbox", "west,south,east,north"],
    ["bbox=73.79,18.49,73.86,18.55&limit=201", "limit", "limit"],
    ["bbox=73.79,18.49,73.86,18.55&limit=0", "limit", "limit"],
    ["limit=150", "limit", "at most 100"],
    ["bbox=73.79,18.49,73.86,18.55&cursor=abc", "cursor", "no pages"],
    ["bbox=73.79,18.49,73.86,18.55&near=18.5,73.8&radius_km=2", "radius_km", "bbox"],
    ["bbox=73.79,18.49,73.86,18.55&filter=nearby", "near", "near is required"],
    ["bbox=73.79,18.49,73.86,18.55&near=north", "near", "near must be lat,lng"],
    ["bbox=73.79,18.49,73.86,18.55&near=91,73.8", "near", "near must be lat,lng"],
  ])("answers 400 for %s, naming %s", async (query, field, message) => {
    const response = await api.request(`/api/shop?${query}`, {}, env);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field: string };
    expect(body.field).toBe(field);
    expect(body.error).toContain(message);
  });
});

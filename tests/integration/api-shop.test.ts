import { env } from "cloudflare:test";
import type { BatchItem } from "drizzle-orm/batch";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { distanceKm } from "~/lib/rules/geo";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import type { StallListItem } from "~/models/stall/stall.server";
import { findNearbyStalls, newStallStatements } from "~/models/stall/stall.server";
import { createSignedInUser, createStall, stallData } from "../factories";

type ListResponse = { items: StallListItem[]; nextCursor: string | null };

const KORAMANGALA = { lat: 12.9352, lng: 77.6245 };
const ALWAYS_OPEN: WeeklySchedule = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
    d,
    { status: "open", open: "00:00", close: "00:00" },
  ]),
);
const ALWAYS_CLOSED: WeeklySchedule = { monday: { status: "closed" } };
const DAY = 24 * 60 * 60 * 1000;

async function list(query: string) {
  const response = await api.request(`/api/shop${query}`, {}, env);
  return {
    status: response.status,
    body: (await response.json()) as ListResponse & { error?: string; field?: string },
  };
}

// A deterministic scatter of stalls around Koramangala, 0 to about 9 km away.
const scatter = Array.from({ length: 120 }, (_, i) => {
  const angle = i * 2.399963; // golden angle
  const reach = 0.085 * Math.sqrt((i + 1) / 120);
  return { lat: KORAMANGALA.lat + reach * Math.sin(angle), lng: KORAMANGALA.lng + reach * Math.cos(angle) };
});

let submitter: Awaited<ReturnType<typeof createSignedInUser>>;
let pendingId = "";

beforeAll(async () => {
  submitter = await createSignedInUser(env);
  for (const [i, point] of scatter.entries()) {
    await createStall(env, {
      name: `Scatter ${i}`,
      latitude: point.lat,
      longitude: point.lng,
      weeklySchedule: i % 3 === 0 ? ALWAYS_CLOSED : ALWAYS_OPEN,
      tags: i % 4 === 0 ? ["Spicy", "Cheap"] : ["Dessert"],
      createdAt: Date.now() - (i % 5 === 0 ? 2 * DAY : 30 * DAY) - i * 1000,
    });
  }
  pendingId = (
    await createStall(env, {
      name: "Pending right here",
      latitude: KORAMANGALA.lat,
      longitude: KORAMANGALA.lng,
      status: "pending",
      createdBy: submitter.id,
    })
  ).shopUniqueId;
  await createStall(env, {
    name: "Rejected right here",
    latitude: KORAMANGALA.lat,
    longitude: KORAMANGALA.lng,
    status: "rejected",
    statusReason: "Not a stall",
  });
  // Far away, in Delhi.
  await createStall(env, {
    name: "Delhi stall",
    latitude: 28.6562,
    longitude: 77.2301,
    weeklySchedule: ALWAYS_OPEN,
    tags: ["Chinese"],
  });
});

const byDistance = (from: { lat: number; lng: number }) =>
  scatter
    .map((p, i) => ({ name: `Scatter ${i}`, distance: distanceKm(from, p) }))
    .sort((a, b) => a.distance - b.distance);

describe("GET /api/shop near a point", () => {
  it("returns stalls nearest first with their distance in km to one decimal", async () => {
    const { status, body } = await list(`?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&limit=10`);
    expect(status).toBe(200);
    const expected = byDistance(KORAMANGALA).slice(0, 10);
    expect(body.items.map((s) => s.name)).toEqual(expected.map((s) => s.name));
    for (const [i, item] of body.items.entries()) {
      expect(item.distance).toBe(Math.round((expected[i]?.distance ?? 0) * 10) / 10);
    }
  });

  it("pages through every stall in distance order with the cursor, none repeated or skipped", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await list(
        `?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&radius_km=20&limit=17${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...body.items.map((s) => s.name));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(byDistance(KORAMANGALA).map((s) => s.name));
  });

  it("filter=nearby keeps to 5 km", async () => {
    const { body } = await list(`?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&filter=nearby&limit=100`);
    const expected = byDistance(KORAMANGALA).filter((s) => s.distance <= 5);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThan(scatter.length);
    expect(body.items.map((s) => s.name)).toEqual(expected.map((s) => s.name));
    expect(body.items.every((s) => (s.distance ?? 99) <= 5)).toBe(true);
  });

  it("filter=open_now returns only open stalls, still nearest first", async () => {
    const { body } = await list(`?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&filter=open_now&limit=15`);
    expect(body.items).toHaveLength(15);
    expect(body.items.every((s) => s.isOpen && s.open_state === "open")).toBe(true);
    const expected = byDistance(KORAMANGALA).filter((s) => Number(s.name.split(" ")[1]) % 3 !== 0);
    expect(body.items.map((s) => s.name)).toEqual(expected.slice(0, 15).map((s) => s.name));
  });

  it("filter=new returns only stalls created in the last 7 days", async () => {
    const { body } = await list(
      `?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&radius_km=20&filter=new&limit=100`,
    );
    expect(body.items.length).toBe(24);
    expect(body.items.every((s) => Date.now() - Date.parse(s.created_at) < 7 * DAY)).toBe(true);
  });

  it("tag narrows to stalls carrying the tag", async () => {
    const { body } = await list(
      `?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&radius_km=20&tag=Spicy&limit=100`,
    );
    expect(body.items.length).toBe(30);
    expect(body.items.every((s) => s.tags.includes("Spicy"))).toBe(true);
  });

  it("never shows pending or rejected stalls, even right at the point", async () => {
    const { body } = await list(`?near=${KORAMANGALA.lat},${KORAMANGALA.lng}&limit=100&radius_km=1`);
    expect(body.items.map((s) => s.name)).not.toContain("Pending right here");
    expect(body.items.map((s) => s.name)).not.toContain("Rejected right here");
  });

  it("reaches far stalls when no radius is given", async () => {
    const { body } = await list("?near=28.6139,77.209&limit=2");
    expect(body.items[0]?.name).toBe("Delhi stall");
    expect(body.items[0]?.distance).toBeGreaterThan(2);
    expect(body.items[1]?.distance).toBeGreaterThan(1500);
  });

  it("reads stalls through the spatial index, a few rows per row returned at city density", async () => {
    // 600 stalls within about 2.6 km of a point in Malleshwaram: about 28 a square kilometre, city density.
    const center = { lat: 13.0031, lng: 77.571 };
    const statements = [];
    const db = getDb(env.DB);
    for (let i = 0; i < 600; i++) {
      const angle = i * 2.399963;
      const reach = 0.0235 * Math.sqrt((i + 1) / 600);
      statements.push(
        ...newStallStatements(
          db,
          stallData({
            name: `Dense ${i}`,
            tags: ["Drinks"],
            // Closed, whatever the day and hour the suite runs: the factory's Monday hours would put them among the
            // open stalls that the listing's tests below count.
            weeklySchedule: ALWAYS_CLOSED,
            createdAt: Date.now() - 60 * DAY,
            latitude: center.lat + reach * Math.sin(angle),
            longitude: center.lng + reach * Math.cos(angle),
          }),
        ).statements,
      );
    }
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const page = await findNearbyStalls(db, { center, radiusKm: 5, limit: 24 });
    expect(page.items.map((s) => s.name).slice(0, 3)).toEqual(["Dense 0", "Dense 1", "Dense 2"]);
    expect(page.items).toHaveLength(24);
    expect(page.rowsRead / page.items.length).toBeLessThan(3.5);
    expect(page.rowsRead).toBeLessThan(600 / 5);

    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT id FROM stalls WHERE status = 'approved' AND grid_cell BETWEEN 1 AND 5",
    ).all<{ detail: string }>();
    expect(plan.results[0]?.detail).toContain("stalls_approved_grid_idx");
  });
});

describe("GET /api/shop without a point", () => {
  it("lists newest first with isOpen and no distance", async () => {
    const { body } = await list("?limit=3");
    expect(body.items).toHaveLength(3);
    expect(body.items[0]?.distance).toBeNull();
    expect(typeof body.items[0]?.isOpen).toBe("boolean");
    const times = body.items.map((s) => Date.parse(s.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("filter=open_now pages through open stalls only", async () => {
    const first = await list("?filter=open_now&limit=50");
    const second = await list(`?filter=open_now&limit=50&cursor=${first.body.nextCursor}`);
    const all = [...first.body.items, ...second.body.items];
    expect(all.every((s) => s.isOpen)).toBe(true);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.length).toBe(81); // 80 open scatter stalls and the Delhi stall
    expect(second.body.nextCursor).toBeNull();
  });

  it("tag and new combine with paging", async () => {
    const { body } = await list("?tag=Dessert&filter=new&limit=100");
    expect(body.items.every((s) => s.tags.includes("Dessert"))).toBe(true);
    expect(body.items.length).toBe(scatter.filter((_, i) => i % 5 === 0 && i % 4 !== 0).length);
  });
});

describe("bad parameters answer 400 naming the parameter", () => {
  it.each([
    ["?near=somewhere", "near"],
    ["?near=91,77", "near"],
    ["?near=12.9,77.6&radius_km=-1", "radius_km"],
    ["?near=12.9,77.6&radius_km=5000", "radius_km"],
    ["?radius_km=3", "near"],
    ["?filter=nearby", "near"],
    ["?filter=popular", "filter"],
    ["?tag=", "tag"],
    [`?tag=${"x".repeat(31)}`, "tag"],
    ["?near=12.9,77.6&cursor=bm9wZQ", "cursor"],
    ["?limit=1000", "limit"],
  ])("%s", async (query, field) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
  });
});

describe("GET /api/shop/by-unique/:id", () => {
  it("answers the spec's detail shape for an approved stall", async () => {
    const { shopUniqueId } = await createStall(env, {
      name: "Detail Dosa",
      category: "South Indian",
      weeklySchedule: {
        monday: { status: "open", open: "10:00", close: "20:00" },
        tuesday: { status: "closed" },
      },
      menu: [{ item: "Benne Dosa", price: 80, description: "Butter" }],
      images: ["/stalls/dosa.svg", "/stalls/chai.svg"],
      isVerified: true,
      ratingAverage: 4.5,
      ratingCount: 12,
    });
    const response = await api.request(`/api/shop/by-unique/${shopUniqueId}`, {}, env);
    expect(response.status).toBe(200);
    const stall = (await response.json()) as Record<string, unknown>;
    expect(stall).toMatchObject({
      id: shopUniqueId,
      shop_unique_id: shopUniqueId,
      name: "Detail Dosa",
      category: "South Indian",
      is_verified: true,
      rating_average: 4.5,
      rating_count: 12,
      images: ["/stalls/dosa.svg", "/stalls/chai.svg"],
      menu: [{ item: "Benne Dosa", price: 80, description: "Butter" }],
      business_hours: { monday: "10:00 AM - 8:00 PM", tuesday: "Closed" },
    });
    expect(stall.gps_coordinates).toEqual(expect.stringMatching(/^\d+\.\d+,\d+\.\d+$/));
  });

  it("answers 404 JSON for an unknown id", async () => {
    const response = await api.request("/api/shop/by-unique/nope12345", {}, env);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Stall not found" });
  });

  it("hides a pending stall from visitors and other users, shows it to its submitter and moderators", async () => {
    const url = `/api/shop/by-unique/${pendingId}`;
    expect((await api.request(url, {}, env)).status).toBe(404);
    const other = await createSignedInUser(env);
    expect(
      (await api.request(url, { headers: { Authorization: `Bearer ${other.token}` } }, env)).status,
    ).toBe(404);
    const own = await api.request(url, { headers: { Authorization: `Bearer ${submitter.token}` } }, env);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ status: "pending", is_verified: false });
    const moderator = await createSignedInUser(env, { role: "moderator" });
    const asCookie = await api.request(
      url,
      { headers: { Cookie: `nukkad_session=${moderator.token}` } },
      env,
    );
    expect(asCookie.status).toBe(200);
  });

  it("treats a forged token as a visitor", async () => {
    const response = await api.request(
      `/api/shop/by-unique/${pendingId}`,
      { headers: { Authorization: "Bearer forged" } },
      env,
    );
    expect(response.status).toBe(404);
  });
});

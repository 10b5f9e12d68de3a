import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import type { GeneratedTrailView, TrailSummary, TrailView } from "~/lib/schemas/food-trail";
import { countTrails, DAILY_TRAIL_LIMIT } from "~/models/food-trail/food-trail.server";
import { readPublicContentVersion } from "~/models/public-content.server";
import type { NewStall } from "~/models/stall/stall.server";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";

// Food Trails through the API against real D1: the generator, the lists and their cursors, privacy, the author's
// rights, bad payloads, stalls that leave Nukkad, exports and saves.

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
/** Open around the clock every day (a range ending at 23:59 runs on into the next day's 00:00). */
const ALWAYS_OPEN: WeeklySchedule = Object.fromEntries(
  WEEK.map((day) => [day, { status: "open", open: "00:00", close: "23:59" }]),
);
const NEVER_OPEN: WeeklySchedule = Object.fromEntries(WEEK.map((day) => [day, { status: "closed" }]));

/** The walk's start: a point in Bangalore with stalls around it, far from the Delhi ones. */
const START: LatLng = { lat: 12.95, lng: 77.57 };
const DELHI: LatLng = { lat: 28.6, lng: 77.2 };
const CUISINES = [
  "Chaat",
  "South Indian",
  "Desserts",
  "Drinks",
  "Momos",
  "Biryani",
  "Tea and Snacks",
  "Rolls",
];

type Stall = Awaited<ReturnType<typeof createStall>>;

const bearer = (token?: string): Record<string, string> => ({
  "Content-Type": "application/json",
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api/trails${path}`,
    {
      method,
      headers: bearer(options.token),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A stall `km` east of the point, of the given cuisine. */
function stallNear(point: LatLng, km: number, overrides: Partial<NewStall> = {}) {
  return createStall(env, {
    latitude: point.lat,
    longitude: point.lng + km / (111.32 * Math.cos((point.lat * Math.PI) / 180)),
    weeklySchedule: ALWAYS_OPEN,
    ...overrides,
  });
}

const trailInput = (stalls: Stall[], overrides: Record<string, unknown> = {}) => ({
  title: "Evening chaat walk",
  description: "Start with pani puri, end with kulfi.",
  stops: stalls.map((stall) => ({ stallId: stall.shopUniqueId, note: null })),
  ...overrides,
});

let nearby: Stall[];
let closed: Stall;
let far: Stall;
let delhi: Stall[];

beforeAll(async () => {
  nearby = [];
  for (const [index, category] of CUISINES.entries()) {
    nearby.push(
      await stallNear(START, 0.2 + index * 0.15, { category, location: "Food Street, VV Puram, Bangalore" }),
    );
  }
  closed = await stallNear(START, 0.1, { category: "Kulfi", weeklySchedule: NEVER_OPEN });
  far = await stallNear(START, 12, { category: "Far Away" });
  delhi = [];
  for (const category of CUISINES.slice(0, 4)) delhi.push(await stallNear(DELHI, 0.3, { category }));
});

describe("POST /api/trails/generate", () => {
  it("answers open stalls within walking range, in varied cuisines, never the set shown before", async () => {
    const ids = new Set(nearby.map((stall) => stall.shopUniqueId));
    let previous: string[] = [];
    for (let round = 0; round < 8; round++) {
      const trail = await json<GeneratedTrailView>(
        await call("POST", "/generate", { body: { ...START, count: 3, exclude: previous } }),
        200,
      );
      const stops = trail.stops.map((stop) => stop.stall.id);
      expect(stops).toHaveLength(3);
      for (const stop of trail.stops) {
        expect(ids.has(stop.stall.id), `${stop.stall.name} is one of the open stalls nearby`).toBe(true);
        expect(stop.open_on_arrival).toBe("open");
        expect(distanceKm(START, { lat: stop.stall.latitude, lng: stop.stall.longitude })).toBeLessThan(2);
      }
      expect(stops).not.toContain(closed.shopUniqueId);
      expect(stops).not.toContain(far.shopUniqueId);
      expect(new Set(trail.stops.map((stop) => stop.stall.category)).size).toBe(3);
      expect(stops.toSorted()).not.toEqual(previous.toSorted());
      expect(trail.walking_km).toBeGreaterThan(0);
      expect(trail.estimate_minutes).toBeGreaterThanOrEqual(60);
      expect(trail.default_location).toBe(false);
      previous = stops;
    }
  });

  it("keeps the stops close together: nearer stalls beat better-rated ones across town", async () => {
    const town: LatLng = { lat: 12.3, lng: 76.64 };
    const close = [];
    for (const [index, category] of ["Chaat", "Dosa", "Juice"].entries()) {
      close.push(await stallNear(town, 0.1 + index * 0.1, { category, ratingAverage: 3.5 }));
    }
    for (const category of ["Momos", "Rolls", "Kulfi"])
      await stallNear(town, 4, { category, ratingAverage: 5 });
    const closeIds = close.map((stall) => stall.shopUniqueId);
    for (let round = 0; round < 5; round++) {
      const trail = await json<GeneratedTrailView>(
        await call("POST", "/generate", { body: { ...town, count: 3 } }),
        200,
      );
      expect(trail.stops.map((stop) => stop.stall.id).toSorted()).toEqual(closeIds.toSorted());
      expect(trail.walking_km).toBeLessThan(1);
    }
  });

  it("says when the default location was used", async () => {
    const trail = await json<GeneratedTrailView>(
      await call("POST", "/generate", { body: { lat: 28.6139, lng: 77.209 } }),
      200,
    );
    expect(trail.default_location).toBe(true);
    expect(trail.stops.length).toBeGreaterThan(0);
    for (const stop of trail.stops) expect(delhi.map((s) => s.shopUniqueId)).toContain(stop.stall.id);
  });

  it("refuses bad points and counts naming the field", async () => {
    for (const [body, field] of [
      [{ lat: 91, lng: 77 }, "lat"],
      [{ lat: "12.9", lng: 77 }, "lat"],
      [{ lat: 12.9, lng: 181 }, "lng"],
      [{ ...START, count: 9 }, "count"],
      [{ ...START, count: 2.5 }, "count"],
      [{ ...START, start: "tonight" }, "start"],
    ] as const) {
      const answer = await json<{ field: string }>(await call("POST", "/generate", { body }), 400);
      expect(answer.field).toBe(field);
    }
  });
});

describe("trails by their author", () => {
  it("creates a trail whose stops keep the author's order, with the walk, the author and the area", async () => {
    const asha = await createSignedInUser(env, { fullName: "Asha Rao" });
    const stalls = [nearby[2], nearby[0], nearby[1]] as Stall[];
    const { id } = await json<{ id: string }>(
      await call("POST", "", { token: asha.token, body: trailInput(stalls) }),
      201,
    );
    const trail = await json<TrailView>(await call("GET", `/${id}`), 200);
    expect(trail.stops.map((stop) => stop.stall.id)).toEqual(stalls.map((stall) => stall.shopUniqueId));
    expect(trail.author?.name).toBe("Asha Rao");
    expect(trail.area).toBe("VV Puram, Bangalore");
    expect(trail.stop_count).toBe(3);
    expect(trail.walking_km).toBeGreaterThan(0.3);
    expect(trail.stops[1]?.leg_minutes).toBeGreaterThan(0);
    expect(trail.editable).toBe(false);
    expect((await json<TrailView>(await call("GET", `/${id}`, { token: asha.token }), 200)).editable).toBe(
      true,
    );
  });

  it("refuses bad payloads with 400 naming the field", async () => {
    const asha = await createSignedInUser(env);
    const pending = await stallNear(START, 0.5, { status: "pending" });
    const thirteen = Array.from({ length: 13 }, (_, i) => nearby[i % nearby.length] as Stall);
    const cases: [unknown, string][] = [
      [{ ...trailInput(nearby.slice(0, 2)), title: 42 }, "title"],
      [{ ...trailInput(nearby.slice(0, 2)), visibility: "friends" }, "visibility"],
      [{ ...trailInput(nearby.slice(0, 2)), stops: "all of them" }, "stops"],
      [trailInput(thirteen), "stops"],
      [trailInput([nearby[0], nearby[1], nearby[0]] as Stall[]), "stops"],
      [trailInput(nearby.slice(0, 1)), "stops"],
      [
        {
          ...trailInput(nearby.slice(0, 2)),
          stops: [{ stallId: "nosuchstall" }, { stallId: nearby[0]?.shopUniqueId }],
        },
        "stops.0.stallId",
      ],
      [trailInput([nearby[0] as Stall, pending]), "stops.1.stallId"],
      [{ ...trailInput(nearby.slice(0, 2)), start: "after lunch" }, "start"],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ error: string; field: string }>(
        await call("POST", "", { token: asha.token, body }),
        400,
      );
      expect(answer.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call("POST", "", { body: trailInput(nearby.slice(0, 2)) })).status).toBe(401);
  });

  it("allows a day's worth of new trails, forks included, then answers 429 with Retry-After", async () => {
    const asha = await createSignedInUser(env, { established: true });
    const source = await createFoodTrail(env, nearby.slice(0, 2), { curated: true });
    for (let i = 0; i < DAILY_TRAIL_LIMIT.limit - 1; i++) {
      await json(await call("POST", "", { token: asha.token, body: trailInput(nearby.slice(0, 2)) }), 201);
    }
    await json(await call("POST", `/${source}/fork`, { token: asha.token }), 201);
    const refused = await call("POST", "", { token: asha.token, body: trailInput(nearby.slice(0, 2)) });
    expect((await json<{ error: string }>(refused, 429)).error).toBe(DAILY_TRAIL_LIMIT.message);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await call("POST", `/${source}/fork`, { token: asha.token })).status).toBe(429);
  });

  it("lets only the author edit and delete: 403 for someone else's public trail, 404 for a private one", async () => {
    const [asha, ravi] = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
    const { id: open } = await json<{ id: string }>(
      await call("POST", "", { token: asha.token, body: trailInput(nearby.slice(0, 3)) }),
      201,
    );
    const { id: hidden } = await json<{ id: string }>(
      await call("POST", "", {
        token: asha.token,
        body: trailInput(nearby.slice(0, 3), { visibility: "private" }),
      }),
      201,
    );
    const edit = trailInput(nearby.slice(3, 5), { title: "Renamed" });
    expect((await call("PUT", `/${open}`, { token: ravi.token, body: edit })).status).toBe(403);
    expect((await call("DELETE", `/${open}`, { token: ravi.token })).status).toBe(403);
    expect((await call("PUT", `/${hidden}`, { token: ravi.token, body: edit })).status).toBe(404);
    expect((await call("DELETE", `/${hidden}`, { token: ravi.token })).status).toBe(404);
    expect((await json<TrailView>(await call("GET", `/${open}`), 200)).title).toBe("Evening chaat walk");

    expect((await call("PUT", `/${open}`, { token: asha.token, body: edit })).status).toBe(200);
    const edited = await json<TrailView>(await call("GET", `/${open}`), 200);
    expect(edited.title).toBe("Renamed");
    expect(edited.stops.map((stop) => stop.stall.id)).toEqual(nearby.slice(3, 5).map((s) => s.shopUniqueId));

    expect((await call("DELETE", `/${open}`, { token: asha.token })).status).toBe(204);
    expect((await call("GET", `/${open}`, { token: asha.token })).status).toBe(404);
  });
});

describe("private trails", () => {
  it("exist for their author only: get, list, export, fork and save answer 404 to everyone else", async () => {
    const [asha, ravi] = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
    const { id } = await json<{ id: string }>(
      await call("POST", "", {
        token: asha.token,
        body: trailInput(nearby.slice(0, 3), { visibility: "private" }),
      }),
      201,
    );
    for (const token of [undefined, ravi.token]) {
      expect((await call("GET", `/${id}`, { token })).status).toBe(404);
      for (const format of ["gpx", "kml", "geojson"]) {
        expect((await call("GET", `/${id}.${format}`, { token })).status).toBe(404);
      }
    }
    expect((await call("POST", `/${id}/fork`, { token: ravi.token })).status).toBe(404);
    expect((await call("PUT", `/${id}/save`, { token: ravi.token, body: {} })).status).toBe(404);
    for (const query of ["?list=popular", `?near=${START.lat},${START.lng}`, "?list=curated"]) {
      const page = await json<{ data: TrailSummary[] }>(await call("GET", query, { token: ravi.token }), 200);
      expect(page.data.map((trail) => trail.id)).not.toContain(id);
    }
    const mine = await json<{ data: TrailSummary[] }>(
      await call("GET", "?list=mine", { token: asha.token }),
      200,
    );
    expect(mine.data.map((trail) => trail.id)).toContain(id);
    expect((await call("GET", `/${id}.gpx`, { token: asha.token })).status).toBe(200);
    expect((await call("GET", "?list=mine")).status).toBe(401);
  });
});

describe("forks and saves", () => {
  it("copies a trail's stops into a private trail of the one who forked it", async () => {
    const [asha, ravi] = await Promise.all([
      createSignedInUser(env, { fullName: "Asha Rao" }),
      createSignedInUser(env, { fullName: "Ravi Kumar" }),
    ]);
    const { id } = await json<{ id: string }>(
      await call("POST", "", { token: asha.token, body: trailInput(nearby.slice(1, 5)) }),
      201,
    );
    const fork = await json<{ id: string }>(await call("POST", `/${id}/fork`, { token: ravi.token }), 201);
    expect(fork.id).not.toBe(id);
    const copy = await json<TrailView>(await call("GET", `/${fork.id}`, { token: ravi.token }), 200);
    expect(copy.author?.name).toBe("Ravi Kumar");
    expect(copy.visibility).toBe("private");
    expect(copy.editable).toBe(true);
    expect(copy.title).toBe("Evening chaat walk");
    expect(copy.stops.map((stop) => stop.stall.id)).toEqual(nearby.slice(1, 5).map((s) => s.shopUniqueId));
    expect((await call("GET", `/${fork.id}`, { token: asha.token })).status).toBe(404);
    expect((await call("POST", `/${id}/fork`)).status).toBe(401);
  });

  it("toggles a save and counts every user's saves once", async () => {
    const [asha, ravi, meena] = await Promise.all([1, 2, 3].map(() => createSignedInUser(env)));
    const trail = await createFoodTrail(env, nearby.slice(0, 3), { authorId: asha!.id });
    const save = (token: string, body: unknown) => call("PUT", `/${trail}/save`, { token, body });
    expect(await json(await save(ravi!.token, {}), 200)).toEqual({ saved: true, saves: 1 });
    expect(await json(await save(meena!.token, { saved: true }), 200)).toEqual({ saved: true, saves: 2 });
    expect(await json(await save(meena!.token, { saved: true }), 200)).toEqual({ saved: true, saves: 2 });
    expect(await json(await save(ravi!.token, {}), 200)).toEqual({ saved: false, saves: 1 });
    expect((await json<TrailView>(await call("GET", `/${trail}`, { token: meena!.token }), 200)).saved).toBe(
      true,
    );
    expect((await json<TrailView>(await call("GET", `/${trail}`), 200)).saves).toBe(1);
    expect((await json<{ field: string }>(await save(ravi!.token, { saved: "yes" }), 400)).field).toBe(
      "saved",
    );
  });
});

describe("GET /api/trails lists", () => {
  async function everyPage(query: string, token?: string): Promise<TrailSummary[]> {
    const seen: TrailSummary[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const answer: { data: TrailSummary[]; next_cursor: string | null } = await json(
        await call("GET", `${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token }),
        200,
      );
      expect(answer.data.length).toBeLessThanOrEqual(2);
      seen.push(...answer.data);
      cursor = answer.next_cursor;
      if (!cursor) return seen;
    }
    throw new Error("too many pages");
  }

  it("pages curated, popular, mine and near by cursor without repeating a trail", async () => {
    const [asha, ...savers] = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(env)));
    const curated: string[] = [];
    for (let i = 0; i < 3; i++)
      curated.push(await createFoodTrail(env, nearby.slice(i, i + 3), { curated: true }));
    const community: string[] = [];
    for (let i = 0; i < 5; i++) {
      community.push(await createFoodTrail(env, nearby.slice(i, i + 2), { authorId: asha!.id }));
    }
    const delhiTrail = await createFoodTrail(env, delhi.slice(0, 2), { authorId: asha!.id });
    // Saves 3, 2, 1, 0, 0: popular lists them in that order.
    for (const [index, trail] of community.slice(0, 3).entries()) {
      for (const saver of savers.slice(0, 3 - index)) {
        await call("PUT", `/${trail}/save`, { token: saver!.token, body: { saved: true } });
      }
    }

    const curatedList = await everyPage("?list=curated");
    const curatedIds = curatedList.map((trail) => trail.id);
    expect(new Set(curatedIds).size).toBe(curatedIds.length);
    // Oldest first, as Nukkad placed them (other tests of this file add curated trails too).
    expect(curatedIds.filter((id) => curated.includes(id))).toEqual(curated);
    expect(curatedList.every((trail) => trail.curated && trail.author === null)).toBe(true);

    const popular = await everyPage("?list=popular");
    const ids = popular.map((trail) => trail.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...community, delhiTrail]));
    expect(ids).not.toEqual(expect.arrayContaining(curated.slice(0, 1)));
    const saves = popular.map((trail) => trail.saves);
    expect(saves).toEqual(saves.toSorted((a, b) => b - a));
    expect(ids.slice(0, 3)).toEqual(community.slice(0, 3));

    const mine = await everyPage("?list=mine", asha!.token);
    expect(mine.map((trail) => trail.id).sort()).toEqual([...community, delhiTrail].sort());

    const near = await everyPage(`?near=${DELHI.lat},${DELHI.lng}`);
    expect(near.map((trail) => trail.id)).toEqual([delhiTrail]);
    const nearBangalore = await everyPage(`?list=near&near=${START.lat},${START.lng}`);
    expect(nearBangalore.map((trail) => trail.id)).not.toContain(delhiTrail);
    expect(new Set(nearBangalore.map((trail) => trail.id)).size).toBe(nearBangalore.length);
  });

  it("refuses a bad list, point or cursor naming the parameter", async () => {
    for (const [query, field] of [
      ["?list=best", "list"],
      ["?near=north", "near"],
      ["?list=near", "near"],
      ["?list=popular&cursor=bm9wZQ", "cursor"],
      ["?list=popular&limit=500", "limit"],
    ] as const) {
      expect((await json<{ field: string }>(await call("GET", query), 400)).field).toBe(field);
    }
  });
});

describe("a stall that leaves Nukkad", () => {
  it("drops out of the trail for readers, with a note to the author", async () => {
    const asha = await createSignedInUser(env);
    const stalls = [];
    for (const category of ["Chaat", "Dosa", "Kulfi", "Chai"])
      stalls.push(await stallNear(START, 0.3, { category }));
    const { id } = await json<{ id: string }>(
      await call("POST", "", { token: asha.token, body: trailInput(stalls) }),
      201,
    );
    const [rejected, deleted] = [stalls[1] as Stall, stalls[2] as Stall];
    await env.DB.prepare(
      "UPDATE stalls SET status = 'rejected', status_reason = 'Closed for good' WHERE shop_unique_id = ?",
    )
      .bind(rejected.shopUniqueId)
      .run();
    await env.DB.prepare("DELETE FROM stalls WHERE shop_unique_id = ?").bind(deleted.shopUniqueId).run();

    const kept = [stalls[0], stalls[3]].map((stall) => stall?.shopUniqueId);
    const reader = await json<TrailView>(await call("GET", `/${id}`), 200);
    expect(reader.stops.map((stop) => stop.stall.id)).toEqual(kept);
    expect(reader.stop_count).toBe(2);
    expect(reader.dropped).toEqual([]);
    const author = await json<TrailView>(await call("GET", `/${id}`, { token: asha.token }), 200);
    expect(author.stops.map((stop) => stop.stall.id)).toEqual(kept);
    expect(author.dropped).toEqual([
      { stall: { id: rejected.shopUniqueId, name: rejected.name }, reason: "removed" },
      { stall: { id: deleted.shopUniqueId, name: deleted.name }, reason: "removed" },
    ]);
    const listed = await json<{ data: TrailSummary[] }>(
      await call("GET", "?list=mine", { token: asha.token }),
      200,
    );
    expect(listed.data.find((trail) => trail.id === id)?.stop_count).toBe(2);
  });
});

describe("exports", () => {
  it("answers GPX, KML and GeoJSON files that parse back to the stops", async () => {
    const stalls = nearby.slice(0, 3);
    const trail = await createFoodTrail(env, stalls, { title: "VV Puram: Evening & Sweets" });
    const expected = stalls.map((stall) => [stall.longitude, stall.latitude]);
    const close = (points: number[][]) => {
      expect(points).toHaveLength(expected.length);
      points.forEach((point, i) => {
        expect(point[0]).toBeCloseTo(expected[i]?.[0] as number, 5);
        expect(point[1]).toBeCloseTo(expected[i]?.[1] as number, 5);
      });
    };

    const gpx = await call("GET", `/${trail}.gpx`);
    expect(gpx.headers.get("Content-Type")).toMatch(/^application\/gpx\+xml/);
    expect(gpx.headers.get("Content-Disposition")).toBe('attachment; filename="vv-puram-evening-sweets.gpx"');
    const gpxText = await gpx.text();
    expect(gpxText).toContain("<name>VV Puram: Evening &amp; Sweets</name>");
    close(
      [...gpxText.matchAll(/<wpt lat="([-\d.]+)" lon="([-\d.]+)"/g)].map((m) => [Number(m[2]), Number(m[1])]),
    );

    const kml = await call("GET", `/${trail}.kml`);
    expect(kml.headers.get("Content-Type")).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    const points = [
      ...(await kml.text()).matchAll(/<Point><coordinates>([-\d.]+),([-\d.]+)<\/coordinates>/g),
    ];
    close(points.map((m) => [Number(m[1]), Number(m[2])]));

    const geojson = await call("GET", `/${trail}.geojson`);
    expect(geojson.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.geojson"$/);
    const collection = (await geojson.json()) as {
      features: { geometry: { type: string; coordinates: number[] | number[][] } }[];
    };
    close(
      collection.features
        .filter((feature) => feature.geometry.type === "Point")
        .map((feature) => feature.geometry.coordinates as number[]),
    );
    const line = collection.features.find((feature) => feature.geometry.type === "LineString");
    close(line?.geometry.coordinates as number[][]);
    expect((await call("GET", "/nosuchtrail.gpx")).status).toBe(404);
  });
});

describe("counting and the edge cache's version", () => {
  it("counts every trail, and only public trails' writes move the public content version", async () => {
    const db = getDb(env.DB);
    const asha = await createSignedInUser(env);
    const before = await countTrails(db);
    const version = await readPublicContentVersion(db);
    const { id: hidden } = await json<{ id: string }>(
      await call("POST", "", {
        token: asha.token,
        body: trailInput(nearby.slice(0, 2), { visibility: "private" }),
      }),
      201,
    );
    expect(await readPublicContentVersion(db)).toBe(version);
    await call("PUT", `/${hidden}/save`, { token: asha.token, body: {} });
    expect(await readPublicContentVersion(db)).toBe(version);
    await json(await call("POST", "", { token: asha.token, body: trailInput(nearby.slice(0, 2)) }), 201);
    expect(await readPublicContentVersion(db)).toBeGreaterThan(version);
    expect(await countTrails(db)).toBe(before + 2);
  });
});

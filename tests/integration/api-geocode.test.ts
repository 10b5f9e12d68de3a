import { env } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiEnv, withRequestContext } from "~/api/context";
import { jsonError } from "~/api/errors";
import { createGeocodeApi, type GeocodeApiDeps, geocodeApi } from "~/api/geocode";
import { ADDRESS_FAILED, ADDRESS_NOT_FOUND, SEARCH_FAILED } from "~/lib/rules/geocoding";
import {
  type Clock,
  LAST_UPSTREAM_CALL_KEY,
  MAX_UPSTREAM_BODY_BYTES,
  NOMINATIM_USER_AGENT,
  reversePlace,
  searchPlaces,
  UpstreamGate,
} from "~/models/geocode.server";

// Nominatim is never reached: every upstream call goes to a local fake that answers like it.

type Body = {
  results?: { display_name: string; lat: number; lon: number }[];
  display_name?: string;
  error?: string;
  field?: string;
};

/** The API as app/api/index.ts builds it, with the geocode sub-app mounted under /api/geocode. */
function mount(geocode: Hono<ApiEnv>) {
  return new Hono<ApiEnv>()
    .basePath("/api")
    .use(withRequestContext)
    .route("/geocode", geocode)
    .notFound((c) => jsonError(c, 404, "Not found"))
    .onError((_error, c) => jsonError(c, 500, "Something went wrong"));
}

/** A clock whose sleeps are instant: `advance` says whether sleeping moves the time on. */
function fakeClock(advance = true) {
  let time = 1_760_000_000_000;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      if (advance) time += ms;
    },
  };
  return { clock, sleeps, tick: (ms: number) => (time += ms) };
}

const place = (name: string, lat = "28.6315", lon = "77.2167") => ({
  place_id: 1,
  licence: "Data © OpenStreetMap contributors, ODbL 1.0.",
  osm_type: "node",
  lat,
  lon,
  display_name: name,
  address: { city: "New Delhi", country: "India" },
});

/** What the fake answers: a JSON body, a whole Response, or a promise of either (which may reject or hang). */
type Answer = unknown;

/** A fake Nominatim: records each call (URL, headers, signal, clock time) and answers per path. */
function fakeNominatim(
  answers: { search?: (q: string) => Answer; reverse?: (lat: number, lon: number) => Answer } = {},
  clock?: Clock,
) {
  const calls: { url: URL; headers: Headers; signal?: AbortSignal | null; at?: number }[] = [];
  const fetcher = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    calls.push({ url, headers: new Headers(init?.headers), signal: init?.signal, at: clock?.now() });
    const search = answers.search ?? ((q: string) => [place(`${q}, Delhi, India`)]);
    const reverse = answers.reverse ?? (() => ({ display_name: "Connaught Place, New Delhi, India" }));
    const answer = await (url.pathname === "/search"
      ? search(url.searchParams.get("q") ?? "")
      : reverse(Number(url.searchParams.get("lat")), Number(url.searchParams.get("lon"))));
    return answer instanceof Response ? answer : Response.json(answer);
  };
  return { fetcher, calls };
}

/** The sub-app with a fake upstream and a fake clock: fast, and no two tests share a rate-limit gate. */
function setup(answers?: Parameters<typeof fakeNominatim>[0], deps: GeocodeApiDeps = {}) {
  const time = fakeClock();
  const upstream = fakeNominatim(answers, time.clock);
  const gate = new UpstreamGate(time.clock);
  const app = mount(createGeocodeApi({ fetcher: upstream.fetcher, gate, ...deps }));
  const get = async (path: string, bindings: object = env) => {
    const response = await app.request(path, {}, bindings);
    return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
  };
  return { ...upstream, ...time, gate, get };
}

const searchPath = (q: string) => `/api/geocode/search?q=${encodeURIComponent(q)}`;

beforeEach(async () => {
  // Upstream failures are logged with console.warn; keep the test output clean.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const { keys } = await env.KV.list({ prefix: "geocode:" });
  await Promise.all(keys.map((key) => env.KV.delete(key.name)));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/geocode/search", () => {
  it("answers { results: [{ display_name, lat, lon }] } with numeric coordinates", async () => {
    const { get, calls } = setup();
    const { status, body } = await get(searchPath("Connaught Place"));
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [{ display_name: "connaught place, Delhi, India", lat: 28.6315, lon: 77.2167 }],
    });
    expect(calls).toHaveLength(1);
    const url = calls[0]!.url;
    expect(url.origin + url.pathname).toBe("https://nominatim.openstreetmap.org/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "connaught place",
      format: "json",
      limit: "5",
      addressdetails: "1",
    });
  });

  it("answers at most five results", async () => {
    const { get } = setup({ search: () => Array.from({ length: 9 }, (_, i) => place(`Sector ${i}`)) });
    const { body } = await get(searchPath("sector"));
    expect(body.results?.map((r) => r.display_name)).toEqual([
      "Sector 0",
      "Sector 1",
      "Sector 2",
      "Sector 3",
      "Sector 4",
    ]);
  });

  it("answers an empty list when nothing matches", async () => {
    const { get } = setup({ search: () => [] });
    expect(await get(searchPath("zzqxj"))).toMatchObject({ status: 200, body: { results: [] } });
  });

  it("serves a repeated query from KV without calling upstream, whatever its spacing or case", async () => {
    const { get, calls } = setup();
    const first = await get(searchPath("Chandni Chowk"));
    const again = await get(searchPath("Chandni Chowk"));
    const respaced = await get(searchPath("  chandni \t  CHOWK "));
    expect(calls).toHaveLength(1);
    expect(again.body).toEqual(first.body);
    expect(respaced.body).toEqual(first.body);

    const { keys } = await env.KV.list({ prefix: "geocode:search:" });
    expect(keys.map((k) => k.name)).toEqual(["geocode:search:chandni chowk"]);
    // 30 days, give or take the test's own running time.
    const ttl = (keys[0]!.expiration ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(30 * 86400 - 120);
    expect(ttl).toBeLessThanOrEqual(30 * 86400 + 1);
  });

  it("caches long non-Latin queries too (keys past KV's 512 bytes are hashed)", async () => {
    const { get, calls } = setup();
    const q = "क".repeat(200);
    expect((await get(searchPath(q))).status).toBe(200);
    expect((await get(searchPath(q))).status).toBe(200);
    expect(calls).toHaveLength(1);
    const { keys } = await env.KV.list({ prefix: "geocode:search-sha256:" });
    expect(keys).toHaveLength(1);
  });

  it("uses NOMINATIM_URL when set", async () => {
    const { get, calls } = setup();
    await get(searchPath("karol bagh"), { ...env, NOMINATIM_URL: "http://nominatim.internal:8080/" });
    expect(calls[0]?.url.toString()).toMatch(/^http:\/\/nominatim\.internal:8080\/search\?q=karol\+bagh&/);
  });

  it.each([
    ["a missing q", "/api/geocode/search"],
    ["an empty q", searchPath("")],
    ["a blank q", searchPath("  \t ")],
    ["a q over 200 characters", searchPath("a".repeat(201))],
  ])("answers 400 naming q for %s, without calling upstream", async (_case, path) => {
    const { get, calls } = setup();
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.field).toBe("q");
    expect(body.error).toMatch(/^q: /);
    expect(calls).toHaveLength(0);
  });

  it("accepts a q of exactly 200 characters after trimming", async () => {
    const { get } = setup();
    expect((await get(searchPath(` ${"a".repeat(200)} `))).status).toBe(200);
  });
});

describe("GET /api/geocode/reverse", () => {
  it("answers { display_name } and asks upstream with rounded coordinates", async () => {
    const { get, calls } = setup();
    const { status, body } = await get("/api/geocode/reverse?lat=28.6314512&lon=77.2166672");
    expect(status).toBe(200);
    expect(body).toEqual({ display_name: "Connaught Place, New Delhi, India" });
    const url = calls[0]!.url;
    expect(url.origin + url.pathname).toBe("https://nominatim.openstreetmap.org/reverse");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: "28.63145",
      lon: "77.21667",
      format: "json",
    });
  });

  it("serves the same point (to 5 decimals) from KV", async () => {
    const { get, calls } = setup();
    await get("/api/geocode/reverse?lat=28.6314512&lon=77.2166672");
    const again = await get("/api/geocode/reverse?lat=28.631449&lon=77.216671");
    expect(again.body).toEqual({ display_name: "Connaught Place, New Delhi, India" });
    expect(calls).toHaveLength(1);
    expect(await env.KV.get("geocode:reverse:28.63145,77.21667", "json")).toEqual({
      display_name: "Connaught Place, New Delhi, India",
    });
  });

  it("answers 404 'Address not found' where Nominatim is unable to geocode, and remembers it", async () => {
    const { get, calls } = setup({ reverse: () => ({ error: "Unable to geocode" }) });
    const first = await get("/api/geocode/reverse?lat=0&lon=-140");
    expect(first).toMatchObject({ status: 404, body: { error: ADDRESS_NOT_FOUND } });
    expect((await get("/api/geocode/reverse?lat=0&lon=-140")).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ["lat", "/api/geocode/reverse?lon=77.2"],
    ["lon", "/api/geocode/reverse?lat=28.6"],
    ["lat", "/api/geocode/reverse"],
    ["lat", "/api/geocode/reverse?lat=&lon=77.2"],
    ["lat", "/api/geocode/reverse?lat=north&lon=77.2"],
    ["lat", "/api/geocode/reverse?lat=90.0001&lon=77.2"],
    ["lat", "/api/geocode/reverse?lat=-91&lon=77.2"],
    ["lon", "/api/geocode/reverse?lat=28.6&lon=180.5"],
    ["lon", "/api/geocode/reverse?lat=28.6&lon=-181"],
    ["lon", "/api/geocode/reverse?lat=28.6&lon=NaN"],
  ])("answers 400 naming %s for %s, without calling upstream", async (field, path) => {
    const { get, calls } = setup();
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(calls).toHaveLength(0);
  });

  it("accepts the extreme coordinates", async () => {
    const { get } = setup();
    expect((await get("/api/geocode/reverse?lat=-90&lon=180")).status).toBe(200);
  });
});

describe("upstream failures", () => {
  const down = () => () => Promise.reject(new TypeError("Network connection lost."));

  it.each([
    ["is unreachable", down()],
    ["answers 503", () => new Response("Service Unavailable", { status: 503 })],
    ["rate-limits us (429)", () => new Response("Too Many Requests", { status: 429 })],
    ["answers HTML instead of JSON", () => new Response("<html>oops</html>", { status: 200 })],
    ["answers JSON of the wrong shape", () => ({ unexpected: true })],
  ])("search answers 502 with the spec's text when Nominatim %s", async (_case, answer) => {
    const { get, calls } = setup({ search: answer });
    const { status, body } = await get(searchPath("lajpat nagar"));
    expect(status).toBe(502);
    expect(body).toEqual({ error: SEARCH_FAILED });
    // A failure is not cached: the next try goes upstream again.
    await get(searchPath("lajpat nagar"));
    expect(calls).toHaveLength(2);
  });

  it.each([
    ["is unreachable", down()],
    ["answers 500", () => new Response("{}", { status: 500 })],
    ["answers HTML instead of JSON", () => new Response("<html>oops</html>")],
    ["answers JSON of the wrong shape", () => ["not", "an", "address"]],
  ])("reverse answers 502 with the spec's text when Nominatim %s", async (_case, answer) => {
    const { get } = setup({ reverse: answer });
    const { status, body } = await get("/api/geocode/reverse?lat=28.6&lon=77.2");
    expect(status).toBe(502);
    expect(body).toEqual({ error: ADDRESS_FAILED });
  });

  it("never leaks the upstream error or a stack trace", async () => {
    const { get } = setup({ search: down() });
    const response = await get(searchPath("secret"));
    expect(JSON.stringify(response.body)).not.toMatch(/Network|TypeError|at /);
  });

  it("gives up on a slow upstream after the time-out (502), even one that ignores the abort signal", async () => {
    const hang = () => new Promise<Response>(() => {});
    const { get, calls } = setup({ search: hang, reverse: hang }, { timeoutMs: 50 });
    const started = Date.now();
    expect(await get(searchPath("slow"))).toMatchObject({ status: 502, body: { error: SEARCH_FAILED } });
    expect(await get("/api/geocode/reverse?lat=1&lon=2")).toMatchObject({
      status: 502,
      body: { error: ADDRESS_FAILED },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(calls[0]?.signal?.aborted).toBe(true);
  });

  /** A body that never ends: `chunk` bytes each `everyMs` (0: as fast as it is read), noting what is read. */
  function endlessBody(chunk: number, everyMs = 0) {
    const seen = { bytes: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs));
        seen.bytes += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return { seen, stream };
  }

  // Outside audit: a reverse geocode with a huge or slow upstream body hung for 30 s.
  it("cuts off a huge answer at the byte cap (502) and stops reading it", async () => {
    const { seen, stream } = endlessBody(64 * 1024);
    const { get } = setup({
      reverse: () => new Response(stream, { headers: { "Content-Type": "application/json" } }),
    });
    expect(await get("/api/geocode/reverse?lat=28.6&lon=77.2")).toMatchObject({
      status: 502,
      body: { error: ADDRESS_FAILED },
    });
    expect(seen.cancelled).toBe(true);
    expect(seen.bytes).toBeLessThan(MAX_UPSTREAM_BODY_BYTES + 4 * 64 * 1024);
  });

  it("refuses an answer whose declared length is over the cap without reading it", async () => {
    const { seen, stream } = endlessBody(1024);
    const huge = () => new Response(stream, { headers: { "Content-Length": String(50 * 1024 * 1024) } });
    const { get } = setup({ reverse: huge });
    expect(await get("/api/geocode/reverse?lat=28.6&lon=77.2")).toMatchObject({ status: 502 });
    expect(seen.cancelled).toBe(true);
  });

  it("gives up on a body that dribbles past the time-out (502) and stops reading it", async () => {
    const { seen, stream } = endlessBody(1, 10);
    const { get } = setup({ reverse: () => new Response(stream) }, { timeoutMs: 100 });
    const started = Date.now();
    expect(await get("/api/geocode/reverse?lat=28.6&lon=77.2")).toMatchObject({
      status: 502,
      body: { error: ADDRESS_FAILED },
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.cancelled).toBe(true);
  });

  it("times out after 10 s by default", async () => {
    const { get, calls } = setup();
    await get(searchPath("okhla"));
    const signal = calls[0]?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
  });
});

describe("Nominatim usage policy", () => {
  it("sends the app's User-Agent and Accept-Language: en", async () => {
    const { get, calls } = setup();
    await get(searchPath("hauz khas"));
    await get("/api/geocode/reverse?lat=28.55&lon=77.19");
    for (const call of calls) {
      expect(call.headers.get("User-Agent")).toBe("Nukkad/1.0 (+https://nukkad.app; support@nukkad.app)");
      expect(call.headers.get("Accept-Language")).toBe("en");
    }
    expect(calls).toHaveLength(2);
  });

  it("spaces back-to-back upstream calls at least 1 s apart", async () => {
    const { get, calls, sleeps } = setup();
    await get(searchPath("janpath"));
    await get(searchPath("khan market"));
    await get("/api/geocode/reverse?lat=28.6&lon=77.23");
    const at = calls.map((call) => call.at!);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(1000);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it("does not wait when the last call was over a second ago, nor for a cache hit", async () => {
    const { get, sleeps, tick } = setup();
    await get(searchPath("saket"));
    tick(1500);
    await get(searchPath("dwarka"));
    await get(searchPath("saket"));
    expect(sleeps).toEqual([]);
  });

  it("waits for a call made by another isolate (seen through KV)", async () => {
    const { get, sleeps, clock } = setup();
    await env.KV.put(LAST_UPSTREAM_CALL_KEY, String(clock.now() - 400));
    await get(searchPath("rohini"));
    expect(sleeps).toEqual([600]);
    expect(Number(await env.KV.get(LAST_UPSTREAM_CALL_KEY))).toBe(clock.now());
  });

  it("answers 503 with the spec's text once the queue is over 2 s long", async () => {
    const time = fakeClock(false);
    const upstream = fakeNominatim({}, time.clock);
    const app = mount(createGeocodeApi({ fetcher: upstream.fetcher, gate: new UpstreamGate(time.clock) }));
    const responses = await Promise.all(
      ["a1", "b2", "c3", "d4"].map((q) => app.request(searchPath(q), {}, env)),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503]);
    expect(time.sleeps.sort((a, b) => a - b)).toEqual([1000, 2000]);
    const refused = responses.find((r) => r.status === 503)!;
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect(await refused.json()).toEqual({ error: SEARCH_FAILED });

    const busyReverse = await app.request("/api/geocode/reverse?lat=1&lon=1", {}, env);
    expect(busyReverse.status).toBe(503);
    expect(await busyReverse.json()).toEqual({ error: ADDRESS_FAILED });
  });
});

describe("the exported geocodeApi", () => {
  it("calls the global fetch with the app's headers, and caches", async () => {
    const upstream = fakeNominatim();
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(upstream.fetcher);
    const app = mount(geocodeApi);
    const first = await app.request(searchPath("India Gate"), {}, env);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      results: [{ display_name: "india gate, Delhi, India", lat: 28.6315, lon: 77.2167 }],
    });
    expect((await app.request(searchPath("india  gate"), {}, env)).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(upstream.calls[0]?.url.host).toBe("nominatim.openstreetmap.org");
    expect(upstream.calls[0]?.headers.get("User-Agent")).toBe(NOMINATIM_USER_AGENT);
  });

  it("answers the spec's texts when the global fetch fails", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    // This isolate's gate already booked a call in the test above: this one may wait up to a real second.
    const response = await mount(geocodeApi).request("/api/geocode/reverse?lat=12.97&lon=77.59", {}, env);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: ADDRESS_FAILED });
  });
});

describe("searchPlaces / reversePlace", () => {
  it("take the fetch function as a parameter", async () => {
    const time = fakeClock();
    const { fetcher, calls } = fakeNominatim({}, time.clock);
    const gate = new UpstreamGate(time.clock);
    expect(await searchPlaces(env.KV, "Marine Drive", fetcher, { gate })).toEqual([
      { display_name: "marine drive, Delhi, India", lat: 28.6315, lon: 77.2167 },
    ]);
    expect(await reversePlace(env.KV, 18.94, 72.82, fetcher, { gate })).toEqual({
      found: true,
      display_name: "Connaught Place, New Delhi, India",
    });
    expect(calls).toHaveLength(2);
  });

  it("read a cached answer without any upstream call, and ignore a corrupt one", async () => {
    const time = fakeClock();
    const { fetcher, calls } = fakeNominatim({}, time.clock);
    const gate = new UpstreamGate(time.clock);
    await env.KV.put(
      "geocode:search:bandra",
      JSON.stringify([{ display_name: "Bandra", lat: 19.05, lon: 72.84 }]),
    );
    expect(await searchPlaces(env.KV, "BANDRA", fetcher, { gate })).toEqual([
      { display_name: "Bandra", lat: 19.05, lon: 72.84 },
    ]);
    expect(calls).toHaveLength(0);
    await env.KV.put("geocode:search:juhu", "{not json");
    expect(await searchPlaces(env.KV, "juhu", fetcher, { gate })).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });
});

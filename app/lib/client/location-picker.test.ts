import { describe, expect, it } from "vitest";
import { GeolocationUnsupportedError } from "~/lib/client/geolocation";
import {
  currentLocationOutcome,
  type Fetcher,
  formatCoordinates,
  GEOLOCATION_OPTIONS,
  geolocationErrorMessage,
  lookupAddress,
  normalisePosition,
  PICKER_CURRENT_LOCATION_ZOOM,
  PICKER_DEFAULT_CENTER,
  PICKER_DEFAULT_ZOOM,
  PICKER_MAX_ZOOM,
  PICKER_SEARCH_ZOOM,
  samePosition,
  searchAreas,
} from "~/lib/client/location-picker";

/** A fetcher that answers every call with `respond` and remembers the URLs it was asked for. */
function stubFetcher(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const urls: string[] = [];
  const fetcher: Fetcher = async (url, init) => {
    urls.push(url);
    return respond(url, init);
  };
  return { fetcher, urls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("location picker constants", () => {
  it("uses the spec's geolocation options per screen", () => {
    expect(GEOLOCATION_OPTIONS["add-stall"]).toEqual({
      enableHighAccuracy: true,
      timeout: 15000,
      maximumAge: 60000,
    });
    expect(GEOLOCATION_OPTIONS.profile).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  });

  it("uses the spec's map defaults and zooms", () => {
    expect(PICKER_DEFAULT_CENTER).toEqual({ lat: 28.6139, lng: 77.209 });
    expect([PICKER_DEFAULT_ZOOM, PICKER_SEARCH_ZOOM, PICKER_CURRENT_LOCATION_ZOOM, PICKER_MAX_ZOOM]).toEqual([
      13, 15, 18, 19,
    ]);
  });
});

describe("geolocationErrorMessage", () => {
  it.each([
    [1, "Location access denied. Please enable location permissions."],
    [2, "Location information unavailable."],
    [3, "Location request timed out. Please try again."],
    [0, "Unable to retrieve your location"],
    [42, "Unable to retrieve your location"],
  ])("explains code %i, given as a number or as an error", (code, message) => {
    expect(geolocationErrorMessage(code)).toBe(message);
    expect(geolocationErrorMessage({ code, message: "browser text" })).toBe(message);
  });

  it("explains a browser without geolocation", () => {
    expect(geolocationErrorMessage(new GeolocationUnsupportedError())).toBe(
      "Geolocation is not supported by your browser",
    );
  });

  it("falls back for anything else", () => {
    expect(geolocationErrorMessage(new Error("boom"))).toBe("Unable to retrieve your location");
    expect(geolocationErrorMessage(undefined)).toBe("Unable to retrieve your location");
    expect(geolocationErrorMessage({ code: "1" })).toBe("Unable to retrieve your location");
  });
});

describe("currentLocationOutcome", () => {
  it("maps the address lookup to the spec's messages", () => {
    expect(currentLocationOutcome({ ok: true, address: "MG Road" })).toEqual({
      tone: "success",
      message: "Location and address successfully retrieved!",
    });
    expect(currentLocationOutcome({ ok: false, reason: "not-found", error: "Address not found" })).toEqual({
      tone: "warning",
      message: "Location found, but could not retrieve address. Please enter it manually.",
    });
    expect(currentLocationOutcome({ ok: false, reason: "failed", error: "Failed to get address" })).toEqual({
      tone: "warning",
      message: "Location found, but address lookup failed. Please enter address manually.",
    });
  });
});

describe("formatCoordinates", () => {
  it("shows six decimals", () => {
    expect(formatCoordinates({ lat: 12.9352, lng: 77.6245 })).toBe("12.935200, 77.624500");
    expect(formatCoordinates({ lat: 28.6139, lng: 77.209 })).toBe("28.613900, 77.209000");
    expect(formatCoordinates({ lat: -33.8688197, lng: 151.2092957 })).toBe("-33.868820, 151.209296");
  });

  it("never shows a negative zero", () => {
    expect(formatCoordinates({ lat: -0.0000001, lng: -0 })).toBe("0.000000, 0.000000");
  });
});

describe("normalisePosition and samePosition", () => {
  it("wraps longitude and clamps latitude", () => {
    expect(normalisePosition({ lat: 12, lng: 77 })).toEqual({ lat: 12, lng: 77 });
    expect(normalisePosition({ lat: 12, lng: 437 })).toEqual({ lat: 12, lng: 77 });
    expect(normalisePosition({ lat: 12, lng: -190 })).toEqual({ lat: 12, lng: 170 });
    expect(normalisePosition({ lat: 12, lng: 180 })).toEqual({ lat: 12, lng: 180 });
    expect(normalisePosition({ lat: 12, lng: -180 })).toEqual({ lat: 12, lng: -180 });
    expect(normalisePosition({ lat: 95, lng: 0 })).toEqual({ lat: 90, lng: 0 });
  });

  it("compares to the precision shown", () => {
    expect(samePosition({ lat: 1, lng: 2 }, { lat: 1.0000001, lng: 2 })).toBe(true);
    expect(samePosition({ lat: 1, lng: 2 }, { lat: 1.00001, lng: 2 })).toBe(false);
    expect(samePosition(null, { lat: 1, lng: 2 })).toBe(false);
  });
});

describe("searchAreas", () => {
  it("asks the proxy with the trimmed, encoded query and returns its results", async () => {
    const results = [
      { display_name: "Koramangala, Bengaluru", lat: 12.9352, lon: 77.6245 },
      { display_name: "Koramangala 5th Block", lat: 12.934, lon: 77.619 },
    ];
    const { fetcher, urls } = stubFetcher(() => json({ results }));
    expect(await searchAreas("  Koramangala & co ", fetcher)).toEqual({ ok: true, results });
    expect(urls).toEqual(["/api/geocode/search?q=Koramangala%20%26%20co"]);
  });

  it("does not call for a blank query", async () => {
    const { fetcher, urls } = stubFetcher(() => json({ results: [] }));
    expect(await searchAreas("   ", fetcher)).toEqual({ ok: true, results: [] });
    expect(urls).toEqual([]);
  });

  it("returns no results as an empty list", async () => {
    const { fetcher } = stubFetcher(() => json({ results: [] }));
    expect(await searchAreas("nowhere", fetcher)).toEqual({ ok: true, results: [] });
  });

  it("keeps at most five well-formed results", async () => {
    const place = (i: number) => ({ display_name: `Place ${i}`, lat: i, lon: i });
    const { fetcher } = stubFetcher(() =>
      json({
        results: [{ display_name: "", lat: 1, lon: 1 }, { display_name: "Bad", lat: "x", lon: 1 }, null]
          .concat([1, 2, 3, 4, 5, 6].map(place) as never[])
          .concat([{ display_name: "Off the globe", lat: 91, lon: 0 }] as never[]),
      }),
    );
    const outcome = await searchAreas("place", fetcher);
    expect(outcome).toEqual({ ok: true, results: [1, 2, 3, 4, 5].map(place) });
  });

  it.each([
    ["a 502", () => json({ error: "Failed to search area. Please try again." }, 502)],
    ["a 503", () => json({ error: "Failed to search area. Please try again." }, 503)],
    ["a 400", () => json({ error: "Invalid request" }, 400)],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
    ["a body without results", () => json({ places: [] })],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("fails with the spec's text on %s", async (_, respond) => {
    const { fetcher } = stubFetcher(respond);
    expect(await searchAreas("koramangala", fetcher)).toEqual({
      ok: false,
      error: "Failed to search area. Please try again.",
    });
  });

  it("gives up after its time-out", async () => {
    const fetcher: Fetcher = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    expect(await searchAreas("slow", fetcher, { timeoutMs: 5 })).toEqual({
      ok: false,
      error: "Failed to search area. Please try again.",
    });
  });
});

describe("lookupAddress", () => {
  it("asks the proxy with six-decimal coordinates and returns the address", async () => {
    const { fetcher, urls } = stubFetcher(() => json({ display_name: "80 Feet Road, Koramangala" }));
    expect(await lookupAddress({ lat: 12.9352, lng: 77.6245 }, fetcher)).toEqual({
      ok: true,
      address: "80 Feet Road, Koramangala",
    });
    expect(urls).toEqual(["/api/geocode/reverse?lat=12.935200&lon=77.624500"]);
  });

  it("never sends exponent notation or an unwrapped longitude", async () => {
    const { fetcher, urls } = stubFetcher(() => json({ display_name: "Gulf of Guinea" }));
    await lookupAddress({ lat: 1e-7, lng: 360.5 }, fetcher);
    expect(urls).toEqual(["/api/geocode/reverse?lat=0.000000&lon=0.500000"]);
  });

  it("reports a 404 as not found", async () => {
    const { fetcher } = stubFetcher(() => json({ error: "Address not found" }, 404));
    expect(await lookupAddress({ lat: 10, lng: 70 }, fetcher)).toEqual({
      ok: false,
      reason: "not-found",
      error: "Address not found",
    });
  });

  it.each([
    ["a 502", () => json({ error: "Failed to get address" }, 502)],
    ["a 503", () => json({ error: "Failed to get address" }, 503)],
    ["a body that is not JSON", () => new Response("oops", { status: 200 })],
    ["an empty address", () => json({ display_name: "  " })],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("fails with the spec's text on %s", async (_, respond) => {
    const { fetcher } = stubFetcher(respond);
    expect(await lookupAddress({ lat: 10, lng: 70 }, fetcher)).toEqual({
      ok: false,
      reason: "failed",
      error: "Failed to get address",
    });
  });

  it("does not call for a position that is not a number", async () => {
    const { fetcher, urls } = stubFetcher(() => json({ display_name: "x" }));
    expect((await lookupAddress({ lat: Number.NaN, lng: 1 }, fetcher)).ok).toBe(false);
    expect(urls).toEqual([]);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const fetcher: Fetcher = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    const pending = lookupAddress({ lat: 10, lng: 70 }, fetcher, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, reason: "failed", error: "Failed to get address" });
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_LOCATION,
  DISCOVER_GEOLOCATION,
  discoverLocationError,
  geolocationGranted,
} from "~/lib/client/geolocation";

describe("Discover geolocation", () => {
  it("uses the spec's options and default location", () => {
    expect(DISCOVER_GEOLOCATION).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
    expect(DEFAULT_LOCATION).toEqual({ lat: 28.6139, lng: 77.209 });
  });

  it.each([
    [1, "Location access denied. Using default location."],
    [2, "Location unavailable. Using default location."],
    [3, "Location request timeout. Using default location."],
    [99, "Could not get your location."],
  ])("explains error code %i", (code, message) => {
    expect(discoverLocationError({ code })).toBe(message);
  });
});

describe("geolocationGranted", () => {
  afterEach(() => vi.unstubAllGlobals());

  const withPermissions = (permissions: unknown) =>
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition: () => undefined }, permissions });

  it.each(["granted", "prompt", "denied"] as const)(
    "answers whether the state is granted (%s)",
    async (state) => {
      withPermissions({ query: async () => ({ state }) });
      expect(await geolocationGranted()).toBe(state === "granted");
    },
  );

  it("is false without the Permissions API, when the query fails, and without geolocation", async () => {
    withPermissions(undefined);
    expect(await geolocationGranted()).toBe(false);
    withPermissions({ query: () => Promise.reject(new TypeError("unsupported")) });
    expect(await geolocationGranted()).toBe(false);
    vi.stubGlobal("navigator", { permissions: { query: async () => ({ state: "granted" }) } });
    expect(await geolocationGranted()).toBe(false);
  });
});

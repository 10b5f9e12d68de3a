import { describe, expect, it } from "vitest";
import { DEFAULT_LOCATION, DISCOVER_GEOLOCATION, discoverLocationError } from "~/lib/client/geolocation";

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

import { afterEach, describe, expect, it, vi } from "vitest";
import { knownLocationNow } from "~/lib/client/use-known-location";

describe("knownLocationNow", () => {
  afterEach(() => vi.unstubAllGlobals());

  const browser = (state: PermissionState, getCurrentPosition: Geolocation["getCurrentPosition"]) => {
    const asked = vi.fn(getCurrentPosition);
    vi.stubGlobal("navigator", {
      geolocation: { getCurrentPosition: asked },
      permissions: { query: async () => ({ state }) },
    });
    return asked;
  };

  it("answers the position once it comes, however late, when location is allowed", async () => {
    browser("granted", (found) => {
      setTimeout(
        () => found({ coords: { latitude: 12.9352, longitude: 77.6245 } } as GeolocationPosition),
        50,
      );
    });
    expect(await knownLocationNow()).toEqual({ lat: 12.9352, lng: 77.6245 });
  });

  it("never asks (no prompt) unless location is already allowed", async () => {
    const asked = browser("prompt", () => undefined);
    expect(await knownLocationNow()).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });

  it("answers null when the position cannot be had", async () => {
    browser("granted", (_found, failed) => failed?.({ code: 3 } as GeolocationPositionError));
    expect(await knownLocationNow()).toBeNull();
  });
});

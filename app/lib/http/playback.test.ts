import { describe, expect, it } from "vitest";
import { PLAYBACK_COOKIE, playbackCookie, playbackHints, serverAutoplay } from "./playback";

const request = (headers: Record<string, string> = {}) =>
  new Request("https://nukkad.example/reels", { headers });
const cookieOf = (settings: { saveData: boolean; reducedMotion: boolean }) =>
  playbackCookie(settings).split(";")[0] ?? "";

describe("playbackHints", () => {
  it("knows nothing of the motion setting on a first visit, and autoplays then", () => {
    const hints = playbackHints(request());
    expect(hints).toEqual({ saveData: false, reducedMotion: null });
    expect(serverAutoplay(hints)).toBe(true);
  });

  it("reads the reduced-motion hint and Save-Data", () => {
    expect(playbackHints(request({ "Sec-CH-Prefers-Reduced-Motion": "reduce" }))).toEqual({
      saveData: false,
      reducedMotion: true,
    });
    expect(playbackHints(request({ "Sec-CH-Prefers-Reduced-Motion": "no-preference" }))).toEqual({
      saveData: false,
      reducedMotion: false,
    });
    expect(serverAutoplay(playbackHints(request({ "Save-Data": "on" })))).toBe(false);
    expect(serverAutoplay(playbackHints(request({ "Sec-CH-Prefers-Reduced-Motion": "reduce" })))).toBe(false);
  });

  it("reads back the cookie the page writes, for browsers that send no hints", () => {
    for (const saveData of [false, true])
      for (const reducedMotion of [false, true])
        expect(playbackHints(request({ Cookie: `a=b; ${cookieOf({ saveData, reducedMotion })}` }))).toEqual({
          saveData,
          reducedMotion,
        });
  });

  it("takes the browser's hint over an older cookie, and ignores a cookie it cannot read", () => {
    const stale = cookieOf({ saveData: false, reducedMotion: true });
    expect(
      playbackHints(request({ Cookie: stale, "Sec-CH-Prefers-Reduced-Motion": "no-preference" }))
        .reducedMotion,
    ).toBe(false);
    expect(playbackHints(request({ Cookie: `${PLAYBACK_COOKIE}=everything` }))).toEqual({
      saveData: false,
      reducedMotion: null,
    });
  });
});

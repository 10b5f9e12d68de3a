import { describe, expect, it } from "vitest";
import { AREA_COOKIE, areaCookie } from "~/lib/http/discover-area";
import { areaFromCookieHeader } from "~/lib/http/discover-area.server";

describe("Discover's area cookie", () => {
  it("reads back the area it wrote, rounded to four decimals", () => {
    const cookie = areaCookie({ lat: 19.076_012, lng: 72.877_68, zoom: 14 });
    expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const pair = cookie.split(";")[0] ?? "";
    expect(areaFromCookieHeader(`theme=dark; ${pair}; other=1`)).toEqual({
      lat: 19.076,
      lng: 72.8777,
      zoom: 14,
    });
  });

  it.each([
    ["no cookie", null],
    ["another cookie only", "nukkad-theme=dark"],
    ["a latitude off the globe", `${AREA_COOKIE}=91,77.2,13`],
    ["a longitude off the globe", `${AREA_COOKIE}=28.6,181,13`],
    ["a zoom out of range", `${AREA_COOKIE}=28.6,77.2,25`],
    ["a fractional zoom", `${AREA_COOKIE}=28.6,77.2,13.5`],
    ["too few parts", `${AREA_COOKIE}=28.6,77.2`],
    ["too many parts", `${AREA_COOKIE}=28.6,77.2,13,1`],
    ["an empty part", `${AREA_COOKIE}=28.6,,13`],
    ["words", `${AREA_COOKIE}=here,there,13`],
    ["a huge value", `${AREA_COOKIE}=${"1".repeat(100)},77.2,13`],
  ])("ignores %s", (_, header) => {
    expect(areaFromCookieHeader(header)).toBeNull();
  });
});

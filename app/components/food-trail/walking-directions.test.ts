import { describe, expect, it } from "vitest";
import { MAX_WAYPOINTS_PER_LINK, walkingDirectionLinks } from "./walking-directions";

const stops = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ lat: 12.9 + i / 1000, lng: 77.5 }));

function read(link: string) {
  const url = new URL(link);
  const waypoints = url.searchParams.get("waypoints");
  return {
    base: `${url.origin}${url.pathname}`,
    api: url.searchParams.get("api"),
    origin: url.searchParams.get("origin"),
    destination: url.searchParams.get("destination"),
    waypoints: waypoints ? waypoints.split("|") : [],
    travelmode: url.searchParams.get("travelmode"),
  };
}

describe("walkingDirectionLinks", () => {
  it("walks two stops in one link without waypoints", () => {
    const [link, ...rest] = walkingDirectionLinks(stops(2));
    expect(rest).toEqual([]);
    expect(read(link as string)).toEqual({
      base: "https://www.google.com/maps/dir/",
      api: "1",
      origin: "12.900000,77.500000",
      destination: "12.901000,77.500000",
      waypoints: [],
      travelmode: "walking",
    });
  });

  it("fits five stops (three waypoints) in one link", () => {
    const links = walkingDirectionLinks(stops(5)).map(read);
    expect(links).toHaveLength(1);
    expect(links[0]?.waypoints).toEqual([
      "12.901000,77.500000",
      "12.902000,77.500000",
      "12.903000,77.500000",
    ]);
  });

  it("splits twelve stops into legs that each start where the last ended and visit every stop once", () => {
    const links = walkingDirectionLinks(stops(12)).map(read);
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.waypoints.length).toBeLessThanOrEqual(MAX_WAYPOINTS_PER_LINK);
    for (let i = 1; i < links.length; i++) expect(links[i]?.origin).toBe(links[i - 1]?.destination);
    const visited = [links[0]?.origin, ...links.flatMap((link) => [...link.waypoints, link.destination])];
    expect(visited).toEqual(stops(12).map((s) => `${s.lat.toFixed(6)},${s.lng.toFixed(6)}`));
  });

  it("gives no link for fewer than two stops", () => {
    expect(walkingDirectionLinks(stops(1))).toEqual([]);
    expect(walkingDirectionLinks([])).toEqual([]);
  });
});

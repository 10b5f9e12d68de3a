import { describe, expect, it } from "vitest";
import { type ExportTrail, toGeoJson, toGpx, toKml } from "~/lib/rules/trail-export";
import { parseXml, type XmlElement } from "../../../tests/xml";

const children = (node: XmlElement, name: string) => node.children.filter((child) => child.name === name);
const child = (node: XmlElement, name: string) => {
  const [found] = children(node, name);
  if (!found) throw new Error(`no <${name}> in <${node.name}>`);
  return found;
};

const tricky = `Chaat & "Sweets" <after> 'dark'`;
const trail: ExportTrail = {
  title: tricky,
  description: "Start at the gate & keep left.\nBring cash.",
  url: "https://nukkad.app/food-trails/abc?x=1&y=2",
  stops: [
    {
      name: "Pappu's Pani Puri <Corner>",
      lat: 28.6562,
      lng: 77.2301,
      note: 'Ask for "extra spicy" & sweet',
      url: "https://nukkad.app/stall/a1",
    },
    { name: "Kadak Chai", lat: 28.6507, lng: 77.2334, note: null, url: "https://nukkad.app/stall/b2" },
    {
      name: "दौलत की चाट",
      lat: 28.65071234567,
      lng: 77.23000000001,
      note: "सर्दियों में ही",
      url: "https://nukkad.app/stall/c3",
    },
  ],
};

describe("toGpx", () => {
  it("is well-formed GPX 1.1 with a waypoint per stop and the route in order, text as it was written", () => {
    const gpx = parseXml(toGpx(trail));
    expect(gpx.name).toBe("gpx");
    expect(gpx.attributes).toMatchObject({ version: "1.1", xmlns: "http://www.topografix.com/GPX/1/1" });
    const metadata = child(gpx, "metadata");
    expect(child(metadata, "name").text).toBe(tricky);
    expect(child(metadata, "desc").text).toBe(trail.description);
    expect(child(metadata, "link").attributes.href).toBe(trail.url);
    const waypoints = children(gpx, "wpt");
    expect(
      waypoints.map((w) => [Number(w.attributes.lat), Number(w.attributes.lon), child(w, "name").text]),
    ).toEqual([
      [28.6562, 77.2301, "Pappu's Pani Puri <Corner>"],
      [28.6507, 77.2334, "Kadak Chai"],
      [28.650712, 77.23, "दौलत की चाट"],
    ]);
    expect(child(waypoints[0] as XmlElement, "desc").text).toBe(
      'Ask for "extra spicy" & sweet\nhttps://nukkad.app/stall/a1',
    );
    expect(child(waypoints[1] as XmlElement, "desc").text).toBe("https://nukkad.app/stall/b2");
    const route = child(gpx, "rte");
    expect(child(route, "name").text).toBe(tricky);
    expect(children(route, "rtept").map((p) => child(p, "name").text)).toEqual(
      trail.stops.map((s) => s.name),
    );
  });
});

describe("toKml", () => {
  it("is well-formed KML 2.2 with a placemark per stop and the walking line, longitude first", () => {
    const kml = parseXml(toKml(trail));
    expect(kml.name).toBe("kml");
    expect(kml.attributes.xmlns).toBe("http://www.opengis.net/kml/2.2");
    const document = child(kml, "Document");
    expect(child(document, "name").text).toBe(tricky);
    expect(child(document, "description").text).toBe(`${trail.description}\n${trail.url}`);
    const placemarks = children(document, "Placemark");
    expect(placemarks).toHaveLength(4);
    const points = placemarks.filter((p) => children(p, "Point").length > 0);
    expect(points.map((p) => [child(p, "name").text, child(child(p, "Point"), "coordinates").text])).toEqual([
      ["Pappu's Pani Puri <Corner>", "77.2301,28.6562"],
      ["Kadak Chai", "77.2334,28.6507"],
      ["दौलत की चाट", "77.23,28.650712"],
    ]);
    const [line] = placemarks.filter((p) => children(p, "LineString").length > 0);
    expect(child(child(line as XmlElement, "LineString"), "coordinates").text).toBe(
      "77.2301,28.6562 77.2334,28.6507 77.23,28.650712",
    );
  });
});

describe("toGeoJson", () => {
  it("is a FeatureCollection with the walking line and a point per stop, [lng, lat]", () => {
    const geo = JSON.parse(toGeoJson(trail));
    expect(geo.type).toBe("FeatureCollection");
    const [line, ...points] = geo.features;
    expect(line).toEqual({
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [
          [77.2301, 28.6562],
          [77.2334, 28.6507],
          [77.23, 28.650712],
        ],
      },
      properties: { name: tricky, description: trail.description, url: trail.url },
    });
    expect(points.map((p: { geometry: unknown; properties: unknown }) => [p.geometry, p.properties])).toEqual(
      [
        [
          { type: "Point", coordinates: [77.2301, 28.6562] },
          {
            stop: 1,
            name: "Pappu's Pani Puri <Corner>",
            note: 'Ask for "extra spicy" & sweet',
            url: "https://nukkad.app/stall/a1",
          },
        ],
        [
          { type: "Point", coordinates: [77.2334, 28.6507] },
          { stop: 2, name: "Kadak Chai", note: null, url: "https://nukkad.app/stall/b2" },
        ],
        [
          { type: "Point", coordinates: [77.23, 28.650712] },
          { stop: 3, name: "दौलत की चाट", note: "सर्दियों में ही", url: "https://nukkad.app/stall/c3" },
        ],
      ],
    );
  });
});

describe("every format", () => {
  const oneStop: ExportTrail = { ...trail, stops: trail.stops.slice(0, 1) };

  it("draws no line for a single stop (a line needs two points)", () => {
    expect(children(child(parseXml(toKml(oneStop)), "Document"), "Placemark")).toHaveLength(1);
    expect(
      JSON.parse(toGeoJson(oneStop)).features.map((f: { geometry: { type: string } }) => f.geometry.type),
    ).toEqual(["Point"]);
    expect(children(child(parseXml(toGpx(oneStop)), "rte"), "rtept")).toHaveLength(1);
  });

  it("stays readable when the text holds characters XML forbids", () => {
    const broken: ExportTrail = {
      ...trail,
      title: "Night\u0001 walk \uD800end",
      description: "a\u0000b\u001Fc\uFFFF",
    };
    for (const file of [toGpx(broken), toKml(broken)]) expect(() => parseXml(file)).not.toThrow();
    expect(child(child(parseXml(toGpx(broken)), "metadata"), "name").text).toBe("Night walk end");
    expect(JSON.parse(toGeoJson(broken)).features[0].properties.name).toBe(broken.title);
  });

  it("has a reader that refuses what is not XML (so the checks above can fail)", () => {
    expect(() => parseXml("<a>fish & chips</a>")).toThrow();
    expect(() => parseXml("<a><b></a></b>")).toThrow();
    expect(() => parseXml('<a x="1 < 2"/>')).toThrow();
    expect(() => parseXml("<a/><b/>")).toThrow();
    expect(() => parseXml("<a>\u0001</a>")).toThrow();
    expect(parseXml("<a x='&quot;'>&lt;&#x41;&#66;</a>")).toEqual({
      name: "a",
      attributes: { x: '"' },
      children: [],
      text: "<AB",
    });
  });
});

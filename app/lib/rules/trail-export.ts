// A food trail as a file for maps and GPS apps (issue 18): GPX 1.1, KML 2.2 and GeoJSON (RFC 7946), each with one
// point per stop and the walking line through them in trail order.

export interface ExportTrail {
  title: string;
  description: string;
  url: string;
  stops: { name: string; lat: number; lng: number; note: string | null; url: string }[];
}

// Six decimals is 0.1 m, the precision stalls are stored with; rounding also keeps String() from writing 1e-7.
const coordinate = (degrees: number) => Number(degrees.toFixed(6));

// Characters XML 1.0 does not allow at all, even escaped (C0 controls other than tab and line breaks, lone
// surrogates, U+FFFE and U+FFFF), and DEL and C1 controls, which it discourages. Stored text is cleaned already;
// an export must be readable whatever it holds.
const NOT_XML = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text for an XML element or a double-quoted attribute. */
export function xml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => ENTITIES[character] as string);
}

/** A stop's description: its note, then its page. */
function stopText(stop: ExportTrail["stops"][number]): string {
  return stop.note ? `${stop.note}\n${stop.url}` : stop.url;
}

export function toGpx(trail: ExportTrail): string {
  const point = (tag: string, stop: ExportTrail["stops"][number], indent: string) =>
    [
      `${indent}<${tag} lat="${coordinate(stop.lat)}" lon="${coordinate(stop.lng)}">`,
      `${indent}  <name>${xml(stop.name)}</name>`,
      `${indent}  <desc>${xml(stopText(stop))}</desc>`,
      `${indent}  <link href="${xml(stop.url)}"/>`,
      `${indent}</${tag}>`,
    ].join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Nukkad" xmlns="http://www.topografix.com/GPX/1/1">',
    "  <metadata>",
    `    <name>${xml(trail.title)}</name>`,
    `    <desc>${xml(trail.description)}</desc>`,
    `    <link href="${xml(trail.url)}"/>`,
    "  </metadata>",
    ...trail.stops.map((stop) => point("wpt", stop, "  ")),
    "  <rte>",
    `    <name>${xml(trail.title)}</name>`,
    `    <link href="${xml(trail.url)}"/>`,
    ...trail.stops.map((stop) => point("rtept", stop, "    ")),
    "  </rte>",
    "</gpx>",
    "",
  ].join("\n");
}

export function toKml(trail: ExportTrail): string {
  const coordinates = (stop: ExportTrail["stops"][number]) =>
    `${coordinate(stop.lng)},${coordinate(stop.lat)}`;
  // A line needs two points; a trail of one stop is just its placemark.
  const line =
    trail.stops.length < 2
      ? []
      : [
          "    <Placemark>",
          `      <name>${xml(trail.title)}</name>`,
          "      <LineString>",
          "        <tessellate>1</tessellate>",
          `        <coordinates>${trail.stops.map(coordinates).join(" ")}</coordinates>`,
          "      </LineString>",
          "    </Placemark>",
        ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    "  <Document>",
    `    <name>${xml(trail.title)}</name>`,
    `    <description>${xml(trail.description ? `${trail.description}\n${trail.url}` : trail.url)}</description>`,
    ...trail.stops.flatMap((stop) => [
      "    <Placemark>",
      `      <name>${xml(stop.name)}</name>`,
      `      <description>${xml(stopText(stop))}</description>`,
      `      <Point><coordinates>${coordinates(stop)}</coordinates></Point>`,
      "    </Placemark>",
    ]),
    ...line,
    "  </Document>",
    "</kml>",
    "",
  ].join("\n");
}

/** Coordinates in GeoJSON's [longitude, latitude] order; the walking line first, then a point per stop. */
export function toGeoJson(trail: ExportTrail): string {
  const position = (stop: ExportTrail["stops"][number]) => [coordinate(stop.lng), coordinate(stop.lat)];
  const line =
    trail.stops.length < 2
      ? []
      : [
          {
            type: "Feature",
            geometry: { type: "LineString", coordinates: trail.stops.map(position) },
            properties: { name: trail.title, description: trail.description, url: trail.url },
          },
        ];
  return JSON.stringify({
    type: "FeatureCollection",
    features: [
      ...line,
      ...trail.stops.map((stop, index) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: position(stop) },
        properties: { stop: index + 1, name: stop.name, note: stop.note, url: stop.url },
      })),
    ],
  });
}

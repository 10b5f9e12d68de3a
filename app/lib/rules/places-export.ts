// A person's saved stalls as files for maps apps (the backup, issue 22): GPX 1.1 waypoints, KML 2.2 placemarks and
// a GeoJSON (RFC 7946) FeatureCollection of points. Unlike a trail's exports (trail-export.ts) there is no route or
// line: bookmarks have no order to walk in.
import { xml } from "~/lib/rules/trail-export";

export interface ExportPlace {
  name: string;
  lat: number;
  lng: number;
  /** The private note, shown as the point's description before its page. */
  note: string | null;
  personalRating: number | null;
  url: string;
}

const coordinate = (degrees: number) => Number(degrees.toFixed(6));

const description = (place: ExportPlace) => (place.note ? `${place.note}\n${place.url}` : place.url);

export function placesToGpx(title: string, places: readonly ExportPlace[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Nukkad" xmlns="http://www.topografix.com/GPX/1/1">',
    "  <metadata>",
    `    <name>${xml(title)}</name>`,
    "  </metadata>",
    ...places.flatMap((place) => [
      `  <wpt lat="${coordinate(place.lat)}" lon="${coordinate(place.lng)}">`,
      `    <name>${xml(place.name)}</name>`,
      `    <desc>${xml(description(place))}</desc>`,
      `    <link href="${xml(place.url)}"/>`,
      "  </wpt>",
    ]),
    "</gpx>",
    "",
  ].join("\n");
}

export function placesToKml(title: string, places: readonly ExportPlace[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    "  <Document>",
    `    <name>${xml(title)}</name>`,
    ...places.flatMap((place) => [
      "    <Placemark>",
      `      <name>${xml(place.name)}</name>`,
      `      <description>${xml(description(place))}</description>`,
      `      <Point><coordinates>${coordinate(place.lng)},${coordinate(place.lat)}</coordinates></Point>`,
      "    </Placemark>",
    ]),
    "  </Document>",
    "</kml>",
    "",
  ].join("\n");
}

/** Points in GeoJSON's [longitude, latitude] order. */
export function placesToGeoJson(places: readonly ExportPlace[]): string {
  return JSON.stringify({
    type: "FeatureCollection",
    features: places.map((place) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [coordinate(place.lng), coordinate(place.lat)] },
      properties: {
        name: place.name,
        note: place.note,
        personal_rating: place.personalRating,
        url: place.url,
      },
    })),
  });
}

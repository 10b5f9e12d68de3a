import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { Box } from "~/lib/rules/nearby-plan";

// The Map Lab's pure half (app/routes/map.tsx, app/components/map-lab): its zooms and geolocation options, the
// current-location map's messages, reading an imported GeoJSON or GPX file into what the map draws, and writing
// the visitor's pins out as GeoJSON and as the add-stall form's gps_coordinates text.

/** Every Map Lab map starts on the default location at zoom 13; the nearby-stalls demo at 12. */
export const LAB_ZOOM = 13;
export const DEMO_ZOOM = 12;
export const SEARCH_PIN_ZOOM = 16;
export const FOCUS_ZOOM = 18;
export const CURRENT_LOCATION_ZOOM = 18;
export const LAB_MAX_ZOOM = 19;

/** The spec's map demo asks for a fresh, precise fix within 10 s. */
export const LAB_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

export const LAB_GEOLOCATION_UNSUPPORTED = msg("Geolocation is not supported by this browser");
const LAB_GEOLOCATION_ERRORS: Record<number, string> = {
  1: msg("Location access denied by user"),
  2: msg("Location information unavailable"),
  3: msg("Location request timed out"),
};
const LAB_GEOLOCATION_OTHER = msg("Unable to retrieve location");

/** The current-location map's message for a GeolocationPositionError (or anything with a numeric `code`). */
export function currentLocationError(error: unknown): string {
  const code =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
      ? error.code
      : null;
  return (code !== null && LAB_GEOLOCATION_ERRORS[code]) || LAB_GEOLOCATION_OTHER;
}

/** Accuracy in whole metres, as 'Accuracy: N m' shows it; a browser's nonsense (negative, NaN) reads as 0. */
export function accuracyMetres(accuracy: number): number {
  return Number.isFinite(accuracy) && accuracy > 0 ? Math.round(accuracy) : 0;
}

export const NO_LOCATIONS_FOUND = msg("No locations found. Try a different search term.");
export const SEARCH_LOCATION_FAILED = msg("Failed to search location. Please try again.");

// ---- Import -------------------------------------------------------------------------------------------------

/** A file is read whole in the browser: 2 MB of GPX is a day's track at one point a second. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** More points than this make a phone's map sluggish; such a file is refused rather than cut short. */
export const MAX_IMPORT_POINTS = 20_000;
/** GeometryCollections may nest; real files do not nest deeper than this. */
const MAX_COLLECTION_DEPTH = 8;
const MAX_NAME_LENGTH = 200;

export const IMPORT_WRONG_TYPE = msg("Choose a GeoJSON (.geojson, .json) or GPX (.gpx) file.");
export const IMPORT_TOO_LARGE = msg("The file is larger than {size} MB.");
export const IMPORT_TOO_MANY_POINTS = msg("The file has more than {count} points.");
export const IMPORT_BAD_GEOJSON = msg("This file is not valid GeoJSON.");
export const IMPORT_BAD_GPX = msg("This file is not valid GPX.");
export const IMPORT_EMPTY = msg("The file has no places or lines to show.");

export interface ImportedPlace {
  name: string | null;
  position: LatLng;
}

/** A line (a track segment, a route, a LineString) or, when `closed`, a polygon's ring. */
export interface ImportedPath {
  name: string | null;
  path: LatLng[];
  closed: boolean;
}

export interface ImportedLayer {
  places: ImportedPlace[];
  paths: ImportedPath[];
}

/** A refusal: the message and the values it fills in ({size}, {count}). */
export interface ImportRefusal {
  error: string;
  values?: Record<string, number>;
}

export type ImportOutcome = ({ ok: true } & ImportedLayer) | ({ ok: false } & ImportRefusal);

export type ImportFormat = "geojson" | "gpx";

export function importFormat(fileName: string): ImportFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1];
  if (extension === "geojson" || extension === "json") return "geojson";
  if (extension === "gpx") return "gpx";
  return null;
}

/** Why a file cannot be imported before it is read (its name and size), or null. */
export function importFileProblem(fileName: string, bytes: number): ImportRefusal | null {
  if (!importFormat(fileName)) return { error: IMPORT_WRONG_TYPE };
  if (bytes > MAX_IMPORT_BYTES)
    return { error: IMPORT_TOO_LARGE, values: { size: MAX_IMPORT_BYTES / 2 ** 20 } };
  return null;
}

/** Reads a file's text by its name's extension; never throws, whatever the text. */
export function readImport(fileName: string, text: string): ImportOutcome {
  const format = importFormat(fileName);
  if (!format) return { ok: false, error: IMPORT_WRONG_TYPE };
  // Characters, not bytes, but a text over the byte limit in characters is certainly over it in bytes.
  if (text.length > MAX_IMPORT_BYTES)
    return { ok: false, error: IMPORT_TOO_LARGE, values: { size: MAX_IMPORT_BYTES / 2 ** 20 } };
  return format === "gpx" ? readGpx(text) : readGeoJson(text);
}

class Refused extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.error);
  }
}

/** Collects places and paths, refusing the file once it holds more than MAX_IMPORT_POINTS points. */
class LayerBuilder {
  readonly places: ImportedPlace[] = [];
  readonly paths: ImportedPath[] = [];
  private points = 0;

  private count(points: number) {
    this.points += points;
    if (this.points > MAX_IMPORT_POINTS)
      throw new Refused({ error: IMPORT_TOO_MANY_POINTS, values: { count: MAX_IMPORT_POINTS } });
  }

  place(name: string | null, position: LatLng) {
    this.count(1);
    this.places.push({ name, position });
  }

  path(name: string | null, path: LatLng[], closed: boolean) {
    this.count(path.length);
    // A one-point route or segment is a place, not a line.
    if (path.length === 1 && path[0]) this.places.push({ name, position: path[0] });
    else if (path.length > 1) this.paths.push({ name, path, closed });
  }

  outcome(): ImportOutcome {
    if (this.places.length === 0 && this.paths.length === 0) return { ok: false, error: IMPORT_EMPTY };
    return { ok: true, places: this.places, paths: this.paths };
  }
}

function validPosition(lat: number, lng: number): LatLng | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { lat, lng };
}

function cleanName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.replace(/\s+/g, " ").trim().slice(0, MAX_NAME_LENGTH);
  return name === "" ? null : name;
}

// GeoJSON (RFC 7946) ----------------------------------------------------------------------------------------

const badGeoJson = () => new Refused({ error: IMPORT_BAD_GEOJSON });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A GeoJSON position: [longitude, latitude] with an optional altitude. */
function geoJsonPosition(value: unknown): LatLng {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) throw badGeoJson();
  const [lng, lat] = value;
  if (!value.every((n) => typeof n === "number")) throw badGeoJson();
  const position = validPosition(lat, lng);
  if (!position) throw badGeoJson();
  return position;
}

function geoJsonPositions(value: unknown): LatLng[] {
  if (!Array.isArray(value)) throw badGeoJson();
  return value.map(geoJsonPosition);
}

function geoJsonList(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw badGeoJson();
  return value;
}

function addGeometry(layer: LayerBuilder, geometry: unknown, name: string | null, depth: number) {
  if (!isObject(geometry)) throw badGeoJson();
  const { coordinates } = geometry;
  switch (geometry.type) {
    case "Point":
      layer.place(name, geoJsonPosition(coordinates));
      return;
    case "MultiPoint":
      for (const position of geoJsonPositions(coordinates)) layer.place(name, position);
      return;
    case "LineString":
      layer.path(name, geoJsonPositions(coordinates), false);
      return;
    case "MultiLineString":
      for (const line of geoJsonList(coordinates)) layer.path(name, geoJsonPositions(line), false);
      return;
    case "Polygon":
      for (const ring of geoJsonList(coordinates)) layer.path(name, geoJsonPositions(ring), true);
      return;
    case "MultiPolygon":
      for (const polygon of geoJsonList(coordinates))
        for (const ring of geoJsonList(polygon)) layer.path(name, geoJsonPositions(ring), true);
      return;
    case "GeometryCollection":
      if (depth >= MAX_COLLECTION_DEPTH) throw badGeoJson();
      for (const part of geoJsonList(geometry.geometries)) addGeometry(layer, part, name, depth + 1);
      return;
    default:
      throw badGeoJson();
  }
}

function addFeature(layer: LayerBuilder, feature: unknown) {
  if (!isObject(feature) || feature.type !== "Feature") throw badGeoJson();
  const properties = isObject(feature.properties) ? feature.properties : {};
  // A feature without a geometry is valid GeoJSON with nothing to draw.
  if (feature.geometry === null) return;
  addGeometry(layer, feature.geometry, cleanName(properties.name ?? properties.title), 0);
}

export function readGeoJson(text: string): ImportOutcome {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, error: IMPORT_BAD_GEOJSON };
  }
  const layer = new LayerBuilder();
  try {
    if (isObject(document) && document.type === "FeatureCollection") {
      for (const feature of geoJsonList(document.features)) addFeature(layer, feature);
    } else if (isObject(document) && document.type === "Feature") {
      addFeature(layer, document);
    } else {
      addGeometry(layer, document, null, 0);
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal };
    throw error;
  }
  return layer.outcome();
}

// GPX 1.0 / 1.1 ---------------------------------------------------------------------------------------------

type XmlToken =
  | { kind: "open"; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const badGpx = () => new Refused({ error: IMPORT_BAD_GPX });
const XML_NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE_NAME = /[^\s=/>"'<]+/y;
const WHITESPACE = /\s*/y;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (!entity.startsWith("#")) return ENTITIES[entity] ?? whole;
    const code =
      entity[1] === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The element's name without its namespace prefix: `gpx:wpt` is `wpt`. */
const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

function indexAfter(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  if (at === -1) throw badGpx();
  return at + end.length;
}

/**
 * A small XML scanner, enough for GPX: elements with quoted attributes, text with the predefined and numeric
 * entities, CDATA; comments, processing instructions and the doctype skipped. It runs in one pass over the text
 * (no backtracking regular expression sees more than a name), and a file that is not well-formed is refused.
 */
function scanXml(text: string, visit: (token: XmlToken) => void) {
  const open: string[] = [];
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf("<", at);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > at) visit({ kind: "text", text: decodeEntities(text.slice(at, textEnd)) });
    if (lt === -1) break;
    if (text.startsWith("<!--", lt)) at = indexAfter(text, "-->", lt + 4);
    else if (text.startsWith("<![CDATA[", lt)) {
      at = indexAfter(text, "]]>", lt + 9);
      visit({ kind: "text", text: text.slice(lt + 9, at - 3) });
    } else if (text.startsWith("<?", lt)) at = indexAfter(text, "?>", lt + 2);
    else if (text.startsWith("<!", lt)) at = indexAfter(text, ">", lt + 2);
    else at = scanTag(text, lt, open, visit);
  }
  if (open.length > 0) throw badGpx();
}

/** Reads the tag starting at `lt`; returns where the text after it begins. */
function scanTag(text: string, lt: number, open: string[], visit: (token: XmlToken) => void): number {
  const closing = text[lt + 1] === "/";
  let at = closing ? lt + 2 : lt + 1;
  const name = matchAt(XML_NAME, text, at);
  if (!name) throw badGpx();
  at += name.length;
  const attributes = new Map<string, string>();
  for (;;) {
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    if (text[at] === ">") {
      at += 1;
      break;
    }
    if (!closing && text.startsWith("/>", at)) {
      visit({ kind: "open", name: localName(name), attributes, selfClosing: true });
      return at + 2;
    }
    if (closing) throw badGpx();
    const attribute = matchAt(ATTRIBUTE_NAME, text, at);
    if (!attribute) throw badGpx();
    at += attribute.length;
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    if (text[at] !== "=") throw badGpx();
    at += 1;
    at += matchAt(WHITESPACE, text, at)?.length ?? 0;
    const quote = text[at];
    if (quote !== '"' && quote !== "'") throw badGpx();
    const end = text.indexOf(quote, at + 1);
    if (end === -1) throw badGpx();
    attributes.set(localName(attribute), decodeEntities(text.slice(at + 1, end)));
    at = end + 1;
  }
  if (closing) {
    if (open.pop() !== name) throw badGpx();
    visit({ kind: "close", name: localName(name) });
  } else {
    open.push(name);
    visit({ kind: "open", name: localName(name), attributes, selfClosing: false });
  }
  return at;
}

// Plain decimal text only, as GPX's xsd:decimal: no exponents, hex or "Infinity".
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

function gpxPosition(attributes: Map<string, string>): LatLng {
  const lat = attributes.get("lat") ?? "";
  const lon = attributes.get("lon") ?? "";
  if (!DECIMAL.test(lat) || !DECIMAL.test(lon)) throw badGpx();
  const position = validPosition(Number(lat), Number(lon));
  if (!position) throw badGpx();
  return position;
}

/** What a name element's text belongs to: a waypoint, a route or a track (their points' names are not shown). */
interface Named {
  name: string;
}

export function readGpx(text: string): ImportOutcome {
  const layer = new LayerBuilder();
  const stack: string[] = [];
  let waypoint: (Named & { position: LatLng }) | null = null;
  let route: (Named & { path: LatLng[] }) | null = null;
  let track: (Named & { segments: LatLng[][] }) | null = null;
  let segment: LatLng[] | null = null;
  let rootSeen = false;

  const visit = (token: XmlToken) => {
    const parent = stack[stack.length - 1];
    if (token.kind === "text") {
      if (parent !== "name") return;
      const owner = stack[stack.length - 2];
      const named = owner === "wpt" ? waypoint : owner === "rte" ? route : owner === "trk" ? track : null;
      if (named) named.name += token.text;
      return;
    }
    if (token.kind === "open") {
      if (!rootSeen) {
        if (token.name !== "gpx") throw badGpx();
        rootSeen = true;
      } else if (stack.length === 0) throw badGpx(); // a second root element
      const { name, attributes } = token;
      if (name === "wpt" && parent === "gpx") waypoint = { name: "", position: gpxPosition(attributes) };
      else if (name === "rte" && parent === "gpx") route = { name: "", path: [] };
      else if (name === "rtept" && parent === "rte") route?.path.push(gpxPosition(attributes));
      else if (name === "trk" && parent === "gpx") track = { name: "", segments: [] };
      else if (name === "trkseg" && parent === "trk") segment = [];
      else if (name === "trkpt" && parent === "trkseg") segment?.push(gpxPosition(attributes));
      if (token.selfClosing) close(name);
      else stack.push(name);
      return;
    }
    stack.pop();
    close(token.name);
  };

  const close = (name: string) => {
    if (name === "wpt" && waypoint) {
      layer.place(cleanName(waypoint.name), waypoint.position);
      waypoint = null;
    } else if (name === "rte" && route) {
      layer.path(cleanName(route.name), route.path, false);
      route = null;
    } else if (name === "trkseg") {
      if (track && segment) track.segments.push(segment);
      segment = null;
    } else if (name === "trk" && track) {
      const trackName = cleanName(track.name);
      for (const points of track.segments) layer.path(trackName, points, false);
      track = null;
    }
  };

  try {
    scanXml(text, visit);
    if (!rootSeen) throw badGpx();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal };
    throw error;
  }
  return layer.outcome();
}

/** The box around everything imported, for the map to fit; null for an empty layer. */
export function layerBounds(layer: ImportedLayer): Box | null {
  const positions = [...layer.places.map((place) => place.position), ...layer.paths.flatMap((p) => p.path)];
  if (positions.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const { lat, lng } of positions) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return { south, west, north, east };
}

// ---- Pins ---------------------------------------------------------------------------------------------------

/** A place the visitor pinned in the lab (dragged, searched or located), with what it was called there. */
export interface LabPin {
  label: string;
  position: LatLng;
}

/** What a pin is called when nothing names the place. */
export const DROPPED_PIN = msg("Dropped pin");

export const PINS_FILE_NAME = "nukkad-pins.geojson";

/** Six decimals, as the lab shows coordinates (about 0.1 m), never "-0.000000". */
export function sixDecimals(value: number): string {
  const text = value.toFixed(6);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** The pins as a GeoJSON FeatureCollection: one Point each, [longitude, latitude], its label as `name`. */
export function pinsGeoJson(pins: readonly LabPin[]): string {
  return `${JSON.stringify(
    {
      type: "FeatureCollection",
      features: pins.map((pin) => ({
        type: "Feature",
        properties: { name: pin.label },
        geometry: {
          type: "Point",
          coordinates: [Number(sixDecimals(pin.position.lng)), Number(sixDecimals(pin.position.lat))],
        },
      })),
    },
    null,
    2,
  )}\n`;
}

/** The add-stall form's gps_coordinates text, "(latitude,longitude)" with six decimals (parseGps reads it). */
export function gpsCoordinatesText({ lat, lng }: LatLng): string {
  return `(${sixDecimals(lat)},${sixDecimals(lng)})`;
}

import type { LatLng } from "~/lib/rules/geo";
import {
  cleanName,
  IMPORT_BAD_GEOJSON,
  type ImportOutcome,
  LayerBuilder,
  Refused,
  validPosition,
} from "~/lib/rules/map-import";

// GeoJSON (RFC 7946) for the Map Lab's import: every geometry type, features named by `name` or `title`.

/** GeometryCollections may nest; real files do not nest deeper than this. */
const MAX_COLLECTION_DEPTH = 8;

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

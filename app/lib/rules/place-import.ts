// Importing saved places (issue 22): a Google Maps Takeout "Saved places" GeoJSON or saved-list CSV, or the
// favourites.json of a Nukkad backup, read into places, and the rule that says a place is a given stall.
import { msg } from "~/lib/i18n/translate";
import { parseCsv } from "./csv";
import type { LatLng } from "./geo";
import { nameKey, namesLookAlike } from "./look-alike";
import { looseKey } from "./normalise";
import { devanagariToRoman } from "./transliterate";

/** A place is a stall when the stall stands within this distance: GPS drift and "the gate" vs "the corner", kept
 * tighter than the 100 m of the duplicate check because a wrong match bookmarks the wrong stall. */
export const IMPORT_RADIUS_KM = 0.075;
/** The most places one file may hold: a 2 MB Takeout file holds about 4,000. */
export const IMPORT_MAX_PLACES = 5000;
/** The size of an uploaded file, and of favourites.json inside a backup ZIP. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** favourites.json of a backup says what it is, so that an import knows it. */
export const BACKUP_FAVOURITES_FORMAT = "nukkad-favourites";

export const IMPORT_SOURCES = ["takeout-geojson", "takeout-csv", "nukkad-backup"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportedPlace {
  name: string;
  address: string | null;
  /** Null when the file does not say where it is: Takeout's CSV lists never do, and its GeoJSON writes [0, 0]. */
  position: LatLng | null;
}

export type PlaceFile =
  | { ok: true; source: ImportSource; places: ImportedPlace[] }
  | { ok: false; error: string };

export const NOT_A_PLACE_FILE = msg(
  "This file is not a Google Maps Takeout saved places file (GeoJSON or CSV) or a Nukkad backup.",
);
export const TOO_MANY_PLACES = msg("A file can hold up to 5,000 places. Split it and import each part.");

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function position(lat: unknown, lng: unknown): LatLng | null {
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (typeof lat === "boolean" || typeof lng === "boolean" || lat === null || lng === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // Takeout writes [0, 0] for a place it has no location for (the Data Portability schema says so).
  if (latitude === 0 && longitude === 0) return null;
  return { lat: latitude, lng: longitude };
}

/**
 * One feature of a Takeout "Saved places" file, in either shape Google has written: the older one
 * (`Title`, `Google Maps URL`, `Location: { Address, Business Name, Geo Coordinates }`) or the one the Data
 * Portability schema documents (`location: { name, address, country_code }`, `google_maps_url`, `date`).
 */
function takeoutFeature(feature: unknown): ImportedPlace | null {
  const properties = record(record(feature).properties);
  const oldLocation = record(properties.Location);
  const newLocation = record(properties.location);
  const name =
    text(properties.Title) ??
    text(newLocation.name) ??
    text(oldLocation["Business Name"]) ??
    text(properties.name);
  if (!name) return null;
  const coordinates = record(feature).geometry ? record(record(feature).geometry).coordinates : undefined;
  const [lng, lat] = Array.isArray(coordinates) ? coordinates : [];
  const geo = record(oldLocation["Geo Coordinates"]);
  return {
    name,
    address: text(oldLocation.Address) ?? text(newLocation.address) ?? text(properties.address),
    position: position(lat, lng) ?? position(geo.Latitude, geo.Longitude),
  };
}

function backupFavourite(entry: unknown): ImportedPlace | null {
  const favourite = record(entry);
  const name = text(favourite.name);
  if (!name) return null;
  return {
    name,
    address: text(favourite.location),
    position: position(favourite.latitude, favourite.longitude),
  };
}

function fromJson(json: unknown): PlaceFile {
  const root = record(json);
  if (root.type === "FeatureCollection" && Array.isArray(root.features)) {
    return finish("takeout-geojson", root.features.map(takeoutFeature));
  }
  if (root.format === BACKUP_FAVOURITES_FORMAT && Array.isArray(root.favourites)) {
    return finish("nukkad-backup", root.favourites.map(backupFavourite));
  }
  return { ok: false, error: NOT_A_PLACE_FILE };
}

/** Takeout's saved lists as CSV: `Title,Note,URL` (later also Tags and Comment), no coordinates. */
function fromCsv(rows: string[][]): PlaceFile {
  const header = rows[0]?.map((column) => column.trim().toLowerCase()) ?? [];
  const title = header.indexOf("title");
  if (title < 0 || !header.includes("url")) return { ok: false, error: NOT_A_PLACE_FILE };
  // Takeout writes an empty row after the header; rows without a title (a dropped pin) cannot be matched.
  const places = rows
    .slice(1)
    .map((row) => text(row[title]))
    .map((name) => (name ? { name, address: null, position: null } : null));
  return finish("takeout-csv", places);
}

function finish(source: ImportSource, places: (ImportedPlace | null)[]): PlaceFile {
  const named = places.filter((place): place is ImportedPlace => place !== null);
  if (named.length > IMPORT_MAX_PLACES) return { ok: false, error: TOO_MANY_PLACES };
  return { ok: true, source, places: named };
}

/** The places of an uploaded file's text: JSON (Takeout GeoJSON, a backup's favourites.json) or Takeout CSV. */
export function readPlaceFile(content: string): PlaceFile {
  const trimmed = content.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return fromJson(JSON.parse(trimmed));
    } catch {
      return { ok: false, error: NOT_A_PLACE_FILE };
    }
  }
  return fromCsv(parseCsv(trimmed));
}

/**
 * A name as the match compares it: in Roman letters (Devanagari transliterated), without the words every stall
 * name shares ("corner", "stall", "wala": look-alike.ts), then folded as search folds spellings (normalise.ts:
 * chaat and chat, golgappe and golgappa, momos and momo).
 */
export function importNameKey(name: string): string {
  return looseKey(nameKey(devanagariToRoman(name.normalize("NFKC"))));
}

/**
 * Whether a saved place's name is a stall's: once both are keyed (importNameKey), the distinctive words of one
 * are all in the other ("Raju" and "Raju Momos"), or their trigrams' Dice similarity is at least 0.5 (the
 * duplicate check's threshold, look-alike.ts): "Sharma Ji Chaat Bhandar" is "Sharma Chaat", "Sharma Chaat" is
 * not "Gupta Chaat".
 */
export function placeIsStall(placeName: string, stallName: string): boolean {
  return namesLookAlike(importNameKey(placeName), importNameKey(stallName));
}

import { strFromU8, unzipSync } from "fflate";
import type { Db } from "~/db/client.server";
import { msg } from "~/lib/i18n/translate";
import { distanceKm, gridCell, type LatLng } from "~/lib/rules/geo";
import { ringRanges } from "~/lib/rules/nearby-plan";
import {
  IMPORT_MAX_BYTES,
  IMPORT_RADIUS_KM,
  type ImportedPlace,
  type ImportSource,
  importNameKey,
  NOT_A_PLACE_FILE,
  placeIsStall,
  readPlaceFile,
} from "~/lib/rules/place-import";
import { ftsMatchExpression } from "~/lib/rules/search-query";
import { listFavouriteStallIds } from "~/models/favourite.server";
import { ModelError } from "~/models/model-error";

// Import (issue 22): saved places from another app matched to Nukkad's approved stalls. The preview saves nothing;
// the confirmation bookmarks only the stalls the person ticked. No stall is ever created from an import.

export interface MatchedStall {
  id: string;
  name: string;
  location: string;
  /** Metres from the imported place; null for a match by name alone. */
  distance_m: number | null;
}

export interface ImportMatch {
  name: string;
  address: string | null;
  /** "position": within 75 m with a similar name; "name": the file gave no position, so the name alone. */
  by: "position" | "name";
  stall: MatchedStall;
  /** Already in the person's favourites: confirming it again changes nothing. */
  saved: boolean;
}

export interface ImportPreview {
  source: ImportSource;
  matched: ImportMatch[];
  unmatched: { name: string; address: string | null; located: boolean }[];
}

interface CandidateRow {
  id: number;
  shop_unique_id: string;
  name: string;
  location: string;
  latitude: number;
  longitude: number;
}

// Statements stay well inside D1's limits (100 KB of SQL, bound values up to 2 MB) however large the file.
const RANGES_PER_STATEMENT = 400;
const NAMES_PER_STATEMENT = 200;
/** How many stalls of one name the name-only match looks at: the best ranked by the names index. */
const NAME_CANDIDATES = 10;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The text to read places from: the file itself, or favourites.json inside a Nukkad backup ZIP. */
function fileText(bytes: Uint8Array): string {
  if (!ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte)) return new TextDecoder().decode(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    // Only the one file, and only when its stated size is within the limit: nothing else is inflated.
    entries = unzipSync(bytes, {
      filter: (file) => /(^|\/)favourites\.json$/.test(file.name) && file.originalSize <= IMPORT_MAX_BYTES,
    });
  } catch {
    throw new ModelError(400, NOT_A_PLACE_FILE, { field: "file" });
  }
  const [favouritesJson] = Object.values(entries);
  if (!favouritesJson) throw new ModelError(400, NOT_A_PLACE_FILE, { field: "file" });
  return strFromU8(favouritesJson);
}

export const IMPORT_FILE_TOO_LARGE = msg("The file must be at most 2 MB.");
export const IMPORT_FILE_MISSING = msg("Choose a file to import.");
// Room for the multipart framing and the form's other fields around a file of the largest size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** What an import is read from: a Request, or the API's request (whose body Hono may have read already). */
export interface UploadRequest {
  headers: Headers;
  formData(): Promise<FormData>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The bytes of an import: the `file` field of a form, or the body itself (a JSON or CSV file sent as it is).
 * A body whose stated length could not hold a file within IMPORT_MAX_BYTES is refused before it is read (413).
 */
export async function readImportUpload(request: UploadRequest, form?: FormData): Promise<Uint8Array> {
  const tooLarge = () => new ModelError(413, IMPORT_FILE_TOO_LARGE, { field: "file" });
  if (Number(request.headers.get("Content-Length") ?? "0") > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES)
    throw tooLarge();
  const mediaType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  let bytes: Uint8Array;
  if (form || mediaType === "multipart/form-data") {
    let fields = form;
    try {
      fields ??= await request.formData();
    } catch {
      throw new ModelError(400, IMPORT_FILE_MISSING, { field: "file" });
    }
    const file = fields.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw new ModelError(400, IMPORT_FILE_MISSING, { field: "file" });
    if (file.size > IMPORT_MAX_BYTES) throw tooLarge();
    bytes = new Uint8Array(await file.arrayBuffer());
  } else {
    bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength === 0) throw new ModelError(400, IMPORT_FILE_MISSING, { field: "file" });
  }
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge();
  return bytes;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Reads approved stalls near the located places (through the grid index, ADR 004: each place's 75 m ring as
 * cell ranges, the same ranges read once) and the stalls the names index finds for the places without a
 * position, all in one batch.
 */
async function readCandidates(db: Db, located: LatLng[], nameExpressions: string[]) {
  const ranges = new Map<string, [number, number]>();
  for (const position of located) {
    for (const { from, to } of ringRanges(position, -1, IMPORT_RADIUS_KM))
      ranges.set(`${from}:${to}`, [from, to]);
  }
  const d1 = db.$client;
  const near = chunks([...ranges.values()], RANGES_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `SELECT s.id, s.shop_unique_id, s.name, s.location, s.latitude, s.longitude
         FROM json_each(?1) AS r
         JOIN stalls AS s ON s.status = 'approved'
           AND s.grid_cell BETWEEN json_extract(r.value, '$[0]') AND json_extract(r.value, '$[1]')`,
      )
      .bind(JSON.stringify(part)),
  );
  const named = chunks(nameExpressions, NAMES_PER_STATEMENT).map((part) =>
    d1
      .prepare(
        `SELECT j.value AS expression, s.id, s.shop_unique_id, s.name, s.location, s.latitude, s.longitude
         FROM json_each(?1) AS j
         JOIN stalls AS s ON s.id IN (
           SELECT rowid FROM stall_names_fts WHERE stall_names_fts MATCH j.value ORDER BY rank LIMIT ${NAME_CANDIDATES}
         )
         WHERE s.status = 'approved'`,
      )
      .bind(JSON.stringify(part)),
  );
  const statements = [...near, ...named];
  const results = statements.length ? await d1.batch<CandidateRow & { expression?: string }>(statements) : [];
  const nearRows = results.slice(0, near.length).flatMap((result) => result.results);
  const byExpression = new Map<string, CandidateRow[]>();
  for (const row of results.slice(near.length).flatMap((result) => result.results)) {
    const list = byExpression.get(row.expression as string) ?? [];
    list.push(row);
    byExpression.set(row.expression as string, list);
  }
  return { nearRows, byExpression };
}

/** The names index's expression for a place's name: its distinctive words, folded as the index holds names. */
const nameExpression = (place: ImportedPlace) => ftsMatchExpression(importNameKey(place.name));

/**
 * What an uploaded file would import: each place matched to an approved stall within 75 m whose name is similar
 * (placeIsStall), or by name alone when the file gives no position (Takeout's CSV lists), or unmatched.
 * Nothing is saved.
 */
export async function previewImport(db: Db, userId: string, bytes: Uint8Array): Promise<ImportPreview> {
  const file = readPlaceFile(fileText(bytes));
  if (!file.ok) throw new ModelError(400, file.error, { field: "file" });
  const located = file.places.flatMap((place) => (place.position ? [place.position] : []));
  const expressions = new Set<string>();
  for (const place of file.places) {
    const expression = place.position ? null : nameExpression(place);
    if (expression) expressions.add(expression);
  }
  const [{ nearRows, byExpression }, saved] = await Promise.all([
    readCandidates(db, located, [...expressions]),
    listFavouriteStallIds(db, userId),
  ]);
  const savedIds = new Set(saved);

  const byCell = new Map<number, CandidateRow[]>();
  const seen = new Set<number>();
  for (const row of nearRows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const cell = gridCell(row.latitude, row.longitude);
    byCell.set(cell, [...(byCell.get(cell) ?? []), row]);
  }

  const preview: ImportPreview = { source: file.source, matched: [], unmatched: [] };
  for (const place of file.places) {
    const match = place.position
      ? nearestAlike(place, place.position, byCell)
      : firstAlike(place, byExpression);
    if (!match) {
      preview.unmatched.push({ name: place.name, address: place.address, located: place.position !== null });
      continue;
    }
    preview.matched.push({
      name: place.name,
      address: place.address,
      by: place.position ? "position" : "name",
      stall: match,
      saved: savedIds.has(match.id),
    });
  }
  return preview;
}

const toMatchedStall = (row: CandidateRow, distanceM: number | null): MatchedStall => ({
  id: row.shop_unique_id,
  name: row.name,
  location: row.location,
  distance_m: distanceM,
});

function nearestAlike(place: ImportedPlace, position: LatLng, byCell: Map<number, CandidateRow[]>) {
  let best: { row: CandidateRow; km: number } | null = null;
  for (const { from, to } of ringRanges(position, -1, IMPORT_RADIUS_KM)) {
    for (let cell = from; cell <= to; cell++) {
      for (const row of byCell.get(cell) ?? []) {
        const km = distanceKm(position, { lat: row.latitude, lng: row.longitude });
        if (km > IMPORT_RADIUS_KM || (best && best.km <= km)) continue;
        if (placeIsStall(place.name, row.name)) best = { row, km };
      }
    }
  }
  return best ? toMatchedStall(best.row, Math.round(best.km * 1000)) : null;
}

function firstAlike(place: ImportedPlace, byExpression: Map<string, CandidateRow[]>) {
  const expression = nameExpression(place);
  const row = expression
    ? byExpression.get(expression)?.find((candidate) => placeIsStall(place.name, candidate.name))
    : undefined;
  return row ? toMatchedStall(row, null) : null;
}

export interface ImportResult {
  /** Bookmarked now. */
  added: number;
  /** Already bookmarked before: left as they were. */
  already_saved: number;
  /** Ids that are not (or no longer) approved stalls: nothing was done with them. */
  not_found: string[];
}

/**
 * Bookmarks the stalls the person chose from a preview. Only approved stalls, never anything else; a second
 * confirmation of the same ids adds nothing (the favourites' primary key), so a retried request is harmless.
 */
export async function confirmImport(
  db: Db,
  userId: string,
  stallIds: readonly string[],
): Promise<ImportResult> {
  const ids = JSON.stringify([...new Set(stallIds)]);
  const d1 = db.$client;
  const [found, already, added] = await d1.batch<{ id: string }>([
    d1
      .prepare(
        `SELECT shop_unique_id AS id FROM stalls
         WHERE shop_unique_id IN (SELECT value FROM json_each(?1)) AND status = 'approved'`,
      )
      .bind(ids),
    d1
      .prepare(
        `SELECT s.shop_unique_id AS id FROM favourites AS f JOIN stalls AS s ON s.id = f.stall_id
         WHERE f.user_id = ?1 AND s.shop_unique_id IN (SELECT value FROM json_each(?2)) AND s.status = 'approved'`,
      )
      .bind(userId, ids),
    d1
      .prepare(
        `INSERT INTO favourites (user_id, stall_id)
         SELECT ?1, id FROM stalls WHERE shop_unique_id IN (SELECT value FROM json_each(?2)) AND status = 'approved'
         ON CONFLICT DO NOTHING
         RETURNING stall_id AS id`,
      )
      .bind(userId, ids),
  ]);
  const approved = new Set(found?.results.map((row) => row.id));
  return {
    added: added?.results.length ?? 0,
    already_saved: already?.results.length ?? 0,
    not_found: [...new Set(stallIds)].filter((id) => !approved.has(id)),
  };
}

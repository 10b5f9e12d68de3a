// Planning a nearby search over the grid of app/lib/rules/geo.ts: which cell ranges to read for a ring around a
// point, and how far to look next. Pure, so the model's SQL only has to read what this plans (ADR 004).
import {
  distanceKm,
  GRID_DEGREES,
  gridCellOf,
  gridColumn,
  gridRow,
  type LatLng,
  rowLatitudeRange,
} from "~/lib/rules/geo";

/** Kilometres per degree of latitude, and of longitude at the equator (WGS84 means). */
const KM_PER_DEGREE_LATITUDE = 110.574;
const KM_PER_DEGREE_LONGITUDE = 111.32;
/** Planning uses a flat-earth estimate; shrinking it by 1% keeps it below the true great-circle distance. */
const SAFETY = 0.99;

export interface CellRange {
  from: number;
  to: number;
}

type RowSpan = Map<number, [number, number]>;

/** The first and last grid rows with some point within `radiusKm` north or south of the centre. */
function rowsWithin(center: LatLng, radiusKm: number): [first: number, last: number] {
  const reachDegrees = radiusKm / (KM_PER_DEGREE_LATITUDE * SAFETY);
  return [
    gridRow(Math.max(-90, center.lat - reachDegrees)),
    gridRow(Math.min(89.999999, center.lat + reachDegrees)),
  ];
}

/** How much a degree of longitude shrinks at a latitude (kept off the poles, where it would vanish). */
const longitudeScale = (latitude: number) => Math.cos((Math.min(89.9, Math.abs(latitude)) * Math.PI) / 180);

/** For each grid row, the columns whose cells have some point within `radiusKm` of the centre. */
function rowSpans(center: LatLng, radiusKm: number): RowSpan {
  const spans: RowSpan = new Map();
  if (radiusKm < 0) return spans;
  const [firstRow, lastRow] = rowsWithin(center, radiusKm);
  for (let row = firstRow; row <= lastRow; row++) {
    const [south, north] = rowLatitudeRange(row);
    const dyKm = Math.max(0, south - center.lat, center.lat - north) * KM_PER_DEGREE_LATITUDE * SAFETY;
    if (dyKm > radiusKm) continue;
    const dxKm = Math.sqrt(radiusKm * radiusKm - dyKm * dyKm);
    // The cell edge farthest from the equator has the shortest degree of longitude: using it never misses a cell.
    const kmPerDegree =
      KM_PER_DEGREE_LONGITUDE * longitudeScale(Math.max(Math.abs(south), Math.abs(north))) * SAFETY;
    const spanDegrees = Math.min(180, dxKm / kmPerDegree);
    spans.set(row, [
      gridColumn(Math.max(-180, center.lng - spanDegrees)),
      gridColumn(Math.min(180, center.lng + spanDegrees)),
    ]);
  }
  return spans;
}

/**
 * The cell ranges that hold every point within `outerKm` of the centre and were not already read for
 * `innerKm` (pass a negative inner radius for a full disc). A grid row gives at most two ranges: the cells
 * west and east of the hole already read. Searches here never approach the antimeridian, so longitude does
 * not wrap.
 *
 * `holeIsEmpty`, when given, is asked about each row's hole (only ever holes that were read before): when
 * it held no stalls, the row is read as one range straight across it. D1 charges one row read per range to
 * find where the range ends, so across an empty hole one range costs a row less than two, and re-reads nothing.
 * In sparse areas most holes are empty: there this saves 10-15% of the rows read (ADR 004).
 */
export function ringRanges(
  center: LatLng,
  innerKm: number,
  outerKm: number,
  holeIsEmpty?: (hole: CellRange) => boolean,
): CellRange[] {
  if (outerKm > ROW_RANGES_MAX_KM) return [latitudeBand(center, outerKm)];
  const outer = rowSpans(center, outerKm);
  const inner = rowSpans(center, innerKm);
  const ranges: CellRange[] = [];
  for (const [row, [from, to]] of outer) {
    const hole = inner.get(row);
    if (!hole) {
      ranges.push({ from: gridCellOf(row, from), to: gridCellOf(row, to) });
      continue;
    }
    const west = hole[0] > from;
    const east = hole[1] < to;
    if (west && east && holeIsEmpty?.({ from: gridCellOf(row, hole[0]), to: gridCellOf(row, hole[1]) })) {
      ranges.push({ from: gridCellOf(row, from), to: gridCellOf(row, to) });
      continue;
    }
    if (west) ranges.push({ from: gridCellOf(row, from), to: gridCellOf(row, hole[0] - 1) });
    if (east) ranges.push({ from: gridCellOf(row, hole[1] + 1), to: gridCellOf(row, to) });
  }
  return ranges;
}

/** Past this radius a ring would need hundreds of ranges; one range of whole grid rows is read instead. */
export const ROW_RANGES_MAX_KM = 10;

/** Every cell of the grid rows within reach of the centre: consecutive ids, so one range. */
function latitudeBand(center: LatLng, radiusKm: number): CellRange {
  const [firstRow, lastRow] = rowsWithin(center, radiusKm);
  return { from: gridCellOf(firstRow, 0), to: gridCellOf(lastRow, gridColumn(180)) };
}

/** The longest distance between two points of one cell (its diagonal), in km. */
export function cellDiagonalKm(latitude: number): number {
  const dy = GRID_DEGREES * KM_PER_DEGREE_LATITUDE;
  const dx = GRID_DEGREES * KM_PER_DEGREE_LONGITUDE * longitudeScale(latitude);
  return Math.sqrt(dx * dx + dy * dy);
}

/** The area in km² of the cells read for everything within `outerKm` but not within `innerKm` (the cells of
 * ringRanges without merged holes; past ROW_RANGES_MAX_KM, the whole latitude band). Cells are sized at the
 * centre's latitude: over a search's few rows of latitude the difference is negligible. */
export function ringAreaKm2(center: LatLng, innerKm: number, outerKm: number): number {
  const cellKm2 =
    GRID_DEGREES ** 2 * KM_PER_DEGREE_LATITUDE * KM_PER_DEGREE_LONGITUDE * longitudeScale(center.lat);
  const cells = ringRanges(center, innerKm, outerKm).reduce((sum, r) => sum + (r.to - r.from + 1), 0);
  return cells * cellKm2;
}

/**
 * The first round is a small probe: its rows are kept as results, and they measure the local density that
 * sizes the next round. 0.2 km for a page of 24 (25 wanted: one more tells whether a next page exists) holds
 * about a page at the densest city cores of the benchmark's data (80-220 stalls a km²), so there a search
 * takes one or two rounds, and in sparse areas the probe costs only its handful of ranges. It grows with the
 * square root of `wanted`, so that its area stays in proportion to the page. Past a cursor, the probe is the
 * ring beyond the cursor's distance with the same area.
 */
export const PROBE_RADIUS_KM = 0.2;

export function probeRadius(beyondKm: number, wanted: number, maxKm: number): number {
  const probe = PROBE_RADIUS_KM * Math.sqrt(wanted / 25);
  return Math.min(maxKm, Math.sqrt(beyondKm * beyondKm + probe * probe));
}

/**
 * How many standard deviations of Poisson noise the next round aims above `wanted`: it reads until it
 * expects wanted + sqrt(wanted) stalls. Too little margin costs another round (one more ring of ranges); too
 * much reads stalls the page does not need. On the benchmark's data 1 read the fewest rows; 0 and 2 read
 * about 5-10% more (ADR 004).
 */
const MARGIN_SIGMAS = 1;
/** Each round covers at least 1.44 times (1.2² in radius) and at most 64 times (8²) the area read so far. */
const MIN_AREA_GROWTH = 1.44;
const MAX_AREA_GROWTH = 64;

export interface SearchProgress {
  /** Radius read so far. */
  coveredKm: number;
  /** Only stalls farther than this count towards the page (the cursor's distance; 0 on a first page). */
  beyondKm: number;
  /** Distinct stalls read so far that pass the search's filters, wherever they lie in the cells read. */
  seen: number;
  /** Area of the cells read so far (ringAreaKm2). */
  areaKm2: number;
  wanted: number;
}

/**
 * The radius of the next round: where, at the density seen so far (stalls read per km² of cells read: the
 * cells' corners outside the circle are a larger sample than the circle alone), the ring beyond the cursor
 * is expected to hold wanted + MARGIN_SIGMAS * sqrt(wanted) stalls. With nothing seen yet, the density is
 * taken to be one stall in the area read, the most it could be while showing none.
 */
export function nextRadius(progress: SearchProgress, maxKm: number): number {
  const { coveredKm, beyondKm, seen, areaKm2, wanted } = progress;
  const density = Math.max(1, seen) / areaKm2;
  const target = wanted + MARGIN_SIGMAS * Math.sqrt(wanted);
  // Areas here are in units of π km², radii squared, measured beyond the cursor.
  const reached = coveredKm * coveredKm - beyondKm * beyondKm;
  const needed = target / (Math.PI * density);
  const area = Math.min(reached * MAX_AREA_GROWTH, Math.max(reached * MIN_AREA_GROWTH, needed));
  return Math.min(maxKm, Math.sqrt(beyondKm * beyondKm + area));
}

/** A map's visible area in degrees: west < east and south < north (boxes never cross the antimeridian). */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The widest box a query may ask for, in degrees a side (about 440 km north-south): a map zoomed out further
 * shows a country, where markers mean nothing; the client asks for this much around the map's centre. */
export const MAX_BOX_DEGREES = 4;

export const boxCenter = (box: Box): LatLng => ({
  lat: (box.south + box.north) / 2,
  lng: (box.west + box.east) / 2,
});

export const inBox = (box: Box, point: LatLng) =>
  point.lat >= box.south && point.lat <= box.north && point.lng >= box.west && point.lng <= box.east;

/** Whether everything in `inner` lies in `outer`. */
export const boxCovers = (outer: Box, inner: Box) =>
  inner.west >= outer.west &&
  inner.east <= outer.east &&
  inner.south >= outer.south &&
  inner.north <= outer.north;

/**
 * How far from `from` the box reaches. Along a parallel or a meridian the distance from a point only grows away
 * from it, so the farthest point of the box's edge, and so of the box, is a corner.
 */
export function boxReachKm(box: Box, from: LatLng): number {
  return Math.max(
    ...[
      { lat: box.south, lng: box.west },
      { lat: box.south, lng: box.east },
      { lat: box.north, lng: box.west },
      { lat: box.north, lng: box.east },
    ].map((corner) => distanceKm(from, corner)),
  );
}

/** The box at most MAX_BOX_DEGREES a side around the middle of `box`, within the world's edges. */
export function clampBox(box: Box): Box {
  if (box.north - box.south <= MAX_BOX_DEGREES && box.east - box.west <= MAX_BOX_DEGREES) return box;
  const center = boxCenter(box);
  const halfLat = Math.min(box.north - box.south, MAX_BOX_DEGREES) / 2;
  const halfLng = Math.min(box.east - box.west, MAX_BOX_DEGREES) / 2;
  return {
    west: Math.max(-180, center.lng - halfLng),
    south: Math.max(-90, center.lat - halfLat),
    east: Math.min(180, center.lng + halfLng),
    north: Math.min(90, center.lat + halfLat),
  };
}

/** Web map tiles are 256 px; Leaflet's world is 256 * 2^zoom px wide, in the Mercator projection. */
const TILE_PX = 256;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const latitudeOfY = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;

/** Where `point` is drawn on a map centred on `center` at `zoom`: px right of and below the map's middle, as Leaflet
 * projects it (Web Mercator). */
export function pixelOffset(center: LatLng, point: LatLng, zoom: number): { x: number; y: number } {
  const worldPx = TILE_PX * 2 ** zoom;
  const clampLat = (lat: number) => Math.max(-85, Math.min(85, lat));
  return {
    x: ((point.lng - center.lng) / 360) * worldPx,
    y: ((mercatorY(clampLat(center.lat)) - mercatorY(clampLat(point.lat))) / (2 * Math.PI)) * worldPx,
  };
}

/** The area a map of `widthPx` x `heightPx` centred on `center` at `zoom` shows, as Leaflet draws it. */
export function viewBox(center: LatLng, zoom: number, widthPx: number, heightPx: number): Box {
  const worldPx = TILE_PX * 2 ** zoom;
  const halfLng = (widthPx / worldPx) * 180;
  const halfY = (heightPx / worldPx) * Math.PI;
  const y = mercatorY(Math.max(-85, Math.min(85, center.lat)));
  return clampBox({
    west: Math.max(-180, center.lng - halfLng),
    south: Math.max(-90, latitudeOfY(y - halfY)),
    east: Math.min(180, center.lng + halfLng),
    north: Math.min(90, latitudeOfY(y + halfY)),
  });
}

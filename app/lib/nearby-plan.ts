// Planning a nearby search over the grid of app/lib/geo.ts: which cell ranges to read for a ring around a
// point, and how far to look next. Pure, so the model's SQL only has to read what this plans (ADR 004).
import { GRID_DEGREES, gridCellOf, gridColumn, gridRow, type LatLng, rowLatitudeRange } from "./geo";

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

/** For each grid row, the columns whose cells have some point within `radiusKm` of the centre. */
function rowSpans(center: LatLng, radiusKm: number): RowSpan {
  const spans: RowSpan = new Map();
  if (radiusKm < 0) return spans;
  const reachDegrees = radiusKm / (KM_PER_DEGREE_LATITUDE * SAFETY);
  const firstRow = gridRow(Math.max(-90, center.lat - reachDegrees));
  const lastRow = gridRow(Math.min(89.999999, center.lat + reachDegrees));
  for (let row = firstRow; row <= lastRow; row++) {
    const [south, north] = rowLatitudeRange(row);
    const dyKm = Math.max(0, south - center.lat, center.lat - north) * KM_PER_DEGREE_LATITUDE * SAFETY;
    if (dyKm > radiusKm) continue;
    const dxKm = Math.sqrt(radiusKm * radiusKm - dyKm * dyKm);
    // The cell edge farthest from the equator has the shortest degree of longitude: using it never misses a cell.
    const widestLatitude = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
    const kmPerDegree = KM_PER_DEGREE_LONGITUDE * Math.cos((widestLatitude * Math.PI) / 180) * SAFETY;
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
 * `innerKm` (pass a negative inner radius for a full disc). A grid row gives at most two ranges. Searches
 * here never approach the antimeridian, so longitude does not wrap.
 */
export function ringRanges(center: LatLng, innerKm: number, outerKm: number): CellRange[] {
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
    if (hole[0] > from) ranges.push({ from: gridCellOf(row, from), to: gridCellOf(row, hole[0] - 1) });
    if (hole[1] < to) ranges.push({ from: gridCellOf(row, hole[1] + 1), to: gridCellOf(row, to) });
  }
  return ranges;
}

/** Past this radius a ring would need hundreds of ranges; one range of whole grid rows is read instead. */
export const ROW_RANGES_MAX_KM = 10;

/** Every cell of the grid rows within reach of the centre: consecutive ids, so one range. */
function latitudeBand(center: LatLng, radiusKm: number): CellRange {
  const reachDegrees = radiusKm / (KM_PER_DEGREE_LATITUDE * SAFETY);
  const firstRow = gridRow(Math.max(-90, center.lat - reachDegrees));
  const lastRow = gridRow(Math.min(89.999999, center.lat + reachDegrees));
  return { from: gridCellOf(firstRow, 0), to: gridCellOf(lastRow, gridColumn(180)) };
}

/** The longest distance between two points of one cell (its diagonal), in km. */
export function cellDiagonalKm(latitude: number): number {
  const dy = GRID_DEGREES * KM_PER_DEGREE_LATITUDE;
  const dx =
    GRID_DEGREES * KM_PER_DEGREE_LONGITUDE * Math.cos((Math.min(89.9, Math.abs(latitude)) * Math.PI) / 180);
  return Math.sqrt(dx * dx + dy * dy);
}

export const FIRST_RADIUS_KM = 0.5;

/**
 * The next radius to search to, given how many wanted results lie within the radius searched so far. With some
 * found, the density seen so far predicts the radius that holds `wanted`, plus a 5% margin; with none, double.
 */
export function nextRadius(coveredKm: number, foundWithin: number, wanted: number, maxKm: number): number {
  if (coveredKm <= 0) return Math.min(maxKm, FIRST_RADIUS_KM);
  let next: number;
  if (foundWithin === 0) {
    next = coveredKm * 2;
  } else {
    const predicted = coveredKm * Math.sqrt(wanted / foundWithin) * 1.05;
    next = Math.min(coveredKm * 4, Math.max(coveredKm * 1.2, predicted));
  }
  return Math.min(maxKm, next);
}

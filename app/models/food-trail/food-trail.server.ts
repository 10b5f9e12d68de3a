// Food Trails (issue 18): the functions pages and /api/trails call, one module per part in app/models/food-trail/.
export { exportTrail, TRAIL_EXPORT_FORMATS, type TrailExportFormat } from "./export.server";
export {
  DEFAULT_TRAIL_START,
  type GeneratorViewer,
  generateTrail,
  generatorViewer,
} from "./generate.server";
export {
  countTrails,
  findTrailForWrite,
  getTrail,
  listTrails,
  listTrailsBy,
  type TrailListQuery,
  visibleTo,
} from "./read.server";
export {
  createTrail,
  DAILY_TRAIL_LIMIT,
  deleteTrail,
  forkTrail,
  type NewTrail,
  newTrailStatements,
  recomputeSaves,
  setTrailSaved,
  updateTrail,
} from "./write.server";

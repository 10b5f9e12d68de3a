// Food Trails (issue 18): the functions pages and /api/trails call, one module per part in app/models/food-trail/.
export { exportTrail, TRAIL_EXPORT_FORMATS, type TrailExportFormat } from "./food-trail/export.server";
export {
  DEFAULT_TRAIL_START,
  type GeneratorViewer,
  generateTrail,
  generatorViewer,
} from "./food-trail/generate.server";
export {
  countTrails,
  getTrail,
  listTrails,
  listTrailsBy,
  type TrailListQuery,
} from "./food-trail/read.server";
export {
  createTrail,
  DAILY_TRAIL_LIMIT,
  deleteTrail,
  forkTrail,
  setTrailSaved,
  updateTrail,
} from "./food-trail/write.server";

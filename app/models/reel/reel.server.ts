// reel: the functions routes, the API and other models call; its parts are the other files of this folder.
export {
  countPendingReels,
  countReportedReels,
  decideReel,
  keepReportedReel,
  listPendingReels,
  listReelReports,
  type ModeratedReel,
  PENDING_REEL_PAGE_SIZE,
  type PendingReel,
  type ReportedReel,
  removeReportedReel,
} from "./moderation.server";
export { REEL_NOT_FAST_START } from "./probe.server";
export { deleteReel, reportReel, setReelLike, setReelSave } from "./reactions.server";
export { getReel, listReels, reelNotFound } from "./read.server";
export {
  abortReelUpload,
  abortStaleReelUploads,
  createReel,
  DAILY_REEL_LIMIT,
  REEL_POSTER_INVALID,
  REEL_UPLOAD_NOT_FOUND,
  startReelUpload,
  uploadReelPart,
} from "./upload.server";

// reel: the functions routes, the API and other models call; its parts are the other files of this folder.
export {
  countPendingReels,
  decideReel,
  listPendingReels,
  type ModeratedReel,
  moderatedReelsById,
  PENDING_REEL_PAGE_SIZE,
  type PendingReel,
  type ReelModerationContext,
  reelMatches,
  removeApprovedReel,
} from "./moderation.server";
export { REEL_NOT_FAST_START } from "./probe.server";
export { deleteReel, setReelLike, setReelSave } from "./reactions.server";
export { getReel, listReels, REEL_NOT_FOUND, reelNotFound } from "./read.server";
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

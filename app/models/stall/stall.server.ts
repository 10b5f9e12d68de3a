// stall: the functions routes, the API and other models call; its parts are the other files of this folder.
export { CLOSED_BY_ANSWERS, confirmStall, readStallFreshness, STALL_NOT_FOUND } from "./confirmation.server";
export {
  countApprovedStalls,
  invalidCursor,
  listApprovedStalls,
  topRatedStalls,
  trendingStalls,
} from "./list.server";
export { findLookAlikeStalls, findLookAlikesOfEach, type LookAlikeStall } from "./look-alike.server";
export { findNearbyStalls, findStallsInBox, newestPinnedNear } from "./nearby.server";
export { findStallDetail, findVisibleStallRef, listStallsByCreator, type StallDetail } from "./read.server";
export {
  fromRawListRow,
  listColumns,
  listRowJson,
  pinnedStallColumns,
  pinnedStallView,
  type RawListRow,
  type StallListItem,
  toStallListItem,
} from "./rows.server";
export { fillStaleSearchKeys } from "./search-keys.server";
export { DAILY_STALL_LIMIT, type NewStall, newStallStatements, submitStall } from "./submit.server";

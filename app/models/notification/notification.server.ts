// Notifications: the functions routes, the API and other models call; its parts are the other files of this folder.

export { bookmarkersToRefresh, tellBookmarkers } from "./bookmarkers.server";
export {
  getNotificationSettings,
  itemText,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationSettings,
  wantsEmail,
} from "./inbox.server";
export {
  communityNotice,
  GROUP_WINDOW_MS,
  groupKeyOf,
  type Notice,
  notice,
  notifySubmitterAfterChange,
  refreshUnreadCounts,
  type StallUpdate,
  submitterOf,
  UNREAD_COUNT_CAP,
  unreadCount,
} from "./notice.server";
export { deleteExpiredNotifications } from "./retention.server";
export { takeTold } from "./told.server";

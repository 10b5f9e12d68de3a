// Community posts (issue 19): sharing, the feed, likes, saves and comments. One module per concern under post/.

export { authorFields, syncPostAuthor } from "./author.server";
export {
  addComment,
  DAILY_COMMENT_LIMIT,
  deleteComment,
  listComments,
  updateComment,
} from "./comments.server";
export { getPost, listPostsBy, listSavedPosts, newestPosts, readFeed } from "./feed.server";
export { countHeldPosts, decideHeldPost, type HeldPost, listHeldPosts } from "./held.server";
export { OWN_REVIEW_LIKE, setPostLike, setPostSave, setReviewLike } from "./reactions.server";
export { beforeCursor, POST_NOT_FOUND, pageCursor, readCursor, type Viewer } from "./rows.server";
export { backfillFollow, dropFollow, forgetAccountEntries } from "./timeline.server";
export { createPost, DAILY_POST_LIMIT, deletePost, updatePost } from "./write.server";

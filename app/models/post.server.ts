// Community posts (issue 19): sharing, the feed, likes, saves and comments. One module per concern under post/.

export {
  addComment,
  DAILY_COMMENT_LIMIT,
  deleteComment,
  listComments,
  updateComment,
} from "./post/comments.server";
export { getPost, listPostsBy, listSavedPosts, newestPosts, readFeed } from "./post/feed.server";
export { setPostLike, setPostSave, setReviewLike } from "./post/reactions.server";
export { POST_NOT_FOUND, type Viewer } from "./post/rows.server";
export { createPost, DAILY_POST_LIMIT, deletePost, updatePost } from "./post/write.server";

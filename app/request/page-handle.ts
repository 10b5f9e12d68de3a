/** What a route's `handle` tells the server about the page it draws. */
export interface PageHandle {
  /**
   * The page's first paint is a video (the reels feed, a shared reel): playing, or its poster where the viewer asked
   * for stillness. Its HTML preloads only the entry and the routes' own modules; the chunks they import are
   * fetched once the body is parsed, after the video's first bytes (ADR 064).
   */
  firstPaint?: "video";
}

import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { RouterRoute } from "hono/types";
import { isForgedRequest } from "~/lib/http/csrf";
import { ModelError } from "~/models/model-error";
import { accountApi } from "./account";
import { accountActionsApi } from "./account-actions";
import { aliasModerationApi } from "./alias-moderation";
import { authApi, signOutApi } from "./auth";
import { blocksApi } from "./blocks";
import { type ApiEnv, withRequestContext } from "./context";
import { jsonError, refusalResponse, requireJsonObjectBody } from "./errors";
import { geocodeApi } from "./geocode";
import { healthApi } from "./health";
import { labelModerationApi, labelsApi } from "./labels";
import { notificationsApi } from "./notifications";
import { apiDocument } from "./openapi";
import { postModerationApi } from "./post-moderation";
import { commentsApi, feedApi, postsApi, reviewLikesApi } from "./posts";
import { profileApi } from "./profile";
import { profileDataApi } from "./profile-data";
import { pushApi } from "./push";
import { reelModerationApi } from "./reel-moderation";
import { reelUploadsApi } from "./reel-uploads";
import { reelsApi } from "./reels";
import { reportModerationApi } from "./report-moderation";
import { reportsApi } from "./reports";
import { reviewModerationApi } from "./review-moderation";
import { reviewsApi } from "./reviews";
import { refuseUnknownQuery, unmatched } from "./routes";
import { categoriesApi, searchApi, tagsApi } from "./search";
import { settingsApi } from "./settings";
import { shopApi } from "./shop";
import { stallCommunityApi } from "./stall-community";
import { stallModerationApi } from "./stall-moderation";
import { supportApi, supportInboxApi } from "./support";
import { trailModerationApi } from "./trail-moderation";
import { trailsApi } from "./trails";
import { usersApi } from "./users";

/** The JSON API under /api: one Hono sub-app per resource. The Worker mounts it before Remix, and in
 * `npm run dev` the Remix splat route app/routes/api.$.ts hands /api requests to this same app. */
export const api = new Hono<ApiEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    if (isForgedRequest(c.req.raw)) return jsonError(c, 403, "Cross-site request refused");
    await next();
  })
  .use(withRequestContext)
  .use(requireJsonObjectBody)
  .use(refuseUnknownQuery)
  .route("/health", healthApi)
  .route("/auth/signout", signOutApi)
  .route("/auth", authApi)
  .route("/profile", profileApi)
  .route("/profile", profileDataApi)
  .route("/profile", accountApi)
  .route("/shop", stallCommunityApi)
  .route("/reviews", reviewsApi)
  .route("/reviews", reviewLikesApi)
  .route("/shop", shopApi)
  .route("/search", searchApi)
  .route("/categories", categoriesApi)
  .route("/tags", tagsApi)
  .route("/labels", labelsApi)
  .route("/geocode", geocodeApi)
  .route("/trails", trailsApi)
  .route("/posts", postsApi)
  .route("/reels", reelUploadsApi)
  .route("/reels", reelsApi)
  .route("/feed", feedApi)
  .route("/comments", commentsApi)
  .route("/reports", reportsApi)
  .route("/", postModerationApi)
  .route("/moderation", reportModerationApi)
  .route("/moderation", trailModerationApi)
  .route("/moderation", reelModerationApi)
  .route("/moderation", labelModerationApi)
  .route("/moderation", stallModerationApi)
  .route("/moderation", reviewModerationApi)
  .route("/moderation", aliasModerationApi)
  .route("/moderation", supportInboxApi)
  .route("/moderation", accountActionsApi)
  .route("/", blocksApi)
  .route("/users", usersApi)
  .route("/notifications", notificationsApi)
  .route("/push", pushApi)
  .route("/settings", settingsApi)
  .route("/", supportApi)
  .get("/openapi.json", (c) => c.json(apiDocument(routeTable())))
  // Last: whatever no route above answered.
  .all("*", (c) => unmatched(c, routeTable()))
  .onError((error, c) => {
    if (error instanceof ModelError) return refusalResponse(c, error);
    // Hono's own refusals, such as a body that is not JSON, are the client's mistake, not ours.
    if (error instanceof HTTPException && error.status < 500)
      return jsonError(c, error.status, error.message);
    console.error("api error", error);
    return jsonError(c, 500, "Something went wrong");
  });

/** The API's routes, for its description and its 404/405 answers (typed here, as `api` refers to itself). */
function routeTable(): RouterRoute[] {
  return api.routes;
}

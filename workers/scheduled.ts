import { getDb } from "~/db/client.server";
import { readConfig } from "~/lib/http/config.server";
import { endExpiredRestrictions } from "~/models/account-action/account-action.server";
import { refreshHotScores, refreshReelHotScores } from "~/models/hot-score.server";
import { deleteExpiredIdempotencyKeys } from "~/models/idempotency.server";
import { deleteExpiredNewsletterRequests } from "~/models/newsletter.server";
import { deleteExpiredNotifications } from "~/models/notification/notification.server";
import { deleteOrphanPhotos } from "~/models/photo.server";
import { pushNewNotifications } from "~/models/push.server";
import { deleteExpiredRateLimits } from "~/models/rate-limit.server";
import { abortStaleReelUploads } from "~/models/reel/reel.server";
import { deleteExpiredSpentRefreshTokens } from "~/models/session.server";
import { fillStaleSearchKeys } from "~/models/stall/stall.server";

/**
 * Every scheduled job (clean-ups, the search keys a stall lacks or has from older folds, hot scores and trending, notification retention), run by the Worker's Cron Trigger. The jobs are independent: one failing is logged,
 * the others still run, and the trigger then reports the failure.
 */
export async function runScheduledJobs(env: Env, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  const jobs: [name: string, run: () => Promise<unknown>][] = [
    ["expired rate limits", () => deleteExpiredRateLimits(db, now)],
    ["expired spent refresh tokens", () => deleteExpiredSpentRefreshTokens(db, now)],
    ["expired idempotency keys", () => deleteExpiredIdempotencyKeys(db, now)],
    ["orphan uploads", () => deleteOrphanPhotos(db, env.PHOTOS, now)],
    ["abandoned reel uploads", () => abortStaleReelUploads(db, env.PHOTOS, now)],
    ["missing or stale search keys", () => fillStaleSearchKeys(db)],
    ["hot scores and trending stalls", () => refreshHotScores(db, env.KV, now)],
    ["reels' hot scores", () => refreshReelHotScores(db, now)],
    ["expired notifications", () => deleteExpiredNotifications(db, env.KV, now)],
    ["expired newsletter requests", () => deleteExpiredNewsletterRequests(db, now)],
    ["ended account restrictions", () => endExpiredRestrictions(db, now)],
  ];
  const results = await Promise.allSettled(jobs.map(([, run]) => run()));
  // Trending notices, pushed like any request's (it logs its own failures).
  await pushNewNotifications(db, readConfig(env), now);
  const failed = jobs.filter((_, i) => results[i]?.status === "rejected").map(([name]) => name);
  results.forEach((result, i) => {
    if (result.status === "rejected") console.error(`Scheduled job failed: ${jobs[i]?.[0]}`, result.reason);
  });
  if (failed.length > 0) throw new Error(`Scheduled jobs failed: ${failed.join(", ")}`);
}

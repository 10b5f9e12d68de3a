// Reports of community trails, and the moderators' decisions on them: the "trails" moderation queue (ADR 010), in
// the shape of the posts queue (app/models/post/moderation.server.ts).
import { and, asc, eq, inArray, isNull, min, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, trailReports, trailStops, trails } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { TrailVisibility } from "~/lib/schemas/food-trail";
import type { QueueQuery, TrailReportReason } from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import { holdsText, type QueuePage, readQueuePage } from "~/models/queue.server";
import { dailyLimit, underDailyLimit } from "~/models/rate-limit.server";
import { findTrailForWrite, trailNotFound, visibleTo } from "./read.server";

export const TRAIL_REPORT_GONE = msg("These reports were already decided. The queue is up to date now.");
export const OWN_TRAIL = msg("You cannot report your own trail");
export const CURATED_TRAIL = msg(
  "Curated trails are Nukkad's own and cannot be reported. Tell us what is wrong through Contact Us.",
);

export const DAILY_TRAIL_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 trails a day. Please try again tomorrow."),
);

/**
 * Reports someone's public community trail. One report per person and trail: reporting it again changes nothing and
 * answers `created: false` (the first reason stays). A missing, private or hidden trail is 404 (it does not exist
 * for the reporter); one's own trail and a curated one are 403; past the daily allowance 429.
 */
export async function reportTrail(
  db: Db,
  reporterId: string,
  trailId: string,
  { reason, details }: { reason: TrailReportReason; details: string },
  now = Date.now(),
): Promise<{ created: boolean }> {
  const trail = await findTrailForWrite(db, trailId);
  if (!trail || !visibleTo(trail, reporterId)) throw trailNotFound();
  if (trail.authorId === reporterId) throw new ModelError(403, OWN_TRAIL);
  if (trail.curated) throw new ModelError(403, CURATED_TRAIL);
  const sameReport = and(eq(trailReports.trailId, trail.id), eq(trailReports.reporterId, reporterId));
  const alreadyReported = async () =>
    (await db.select({ id: trailReports.id }).from(trailReports).where(sameReport).limit(1)).length > 0;
  if (await alreadyReported()) return { created: false };
  // The count of the reporter's day and the insert are one statement, so a burst cannot pass the limit.
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO ${trailReports} (trail_id, reporter_id, reason, details, created_at)
    SELECT ${trail.id}, ${reporterId}, ${reason}, ${details}, ${now}
    WHERE ${underDailyLimit(DAILY_TRAIL_REPORT_LIMIT, { table: trailReports, owner: trailReports.reporterId, createdAt: trailReports.createdAt }, reporterId, now)}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted.length > 0) return { created: true };
  // Nothing written: the same report came in meanwhile, or the day's allowance is spent.
  if (await alreadyReported()) return { created: false };
  throw new ModelError(429, DAILY_TRAIL_REPORT_LIMIT.message);
}

export interface ReportedTrail {
  /** The trail's first open report: the queue item's key, and what Keep names. */
  id: number;
  trail: {
    id: string;
    title: string;
    area: string;
    description: string;
    visibility: TrailVisibility;
    /** Its stops' stall names, in the walking order. */
    stops: string[];
    created_at: number;
  };
  author: { name: string; username: string | null };
  /** Open reports, oldest first. */
  reports: { reason: TrailReportReason; details: string; created_at: number }[];
  /** When the first open report came in. */
  created_at: number;
}

export const TRAIL_REPORT_PAGE_SIZE = 20;

/** The search: the trail's title or area. */
const trailMatches = (q: string): SQL | undefined =>
  q ? sql`(${holdsText(trails.title, q)} OR ${holdsText(trails.area, q)})` : undefined;

/** The reported trails still shown (a hidden one leaves the queue) under a search, for the list and its count. */
function openTrails(db: Db, q: string) {
  return db
    .select({
      trailId: trailReports.trailId,
      first: min(trailReports.createdAt).mapWith(Number),
      firstId: min(trailReports.id).mapWith(Number),
    })
    .from(trailReports)
    .innerJoin(trails, eq(trails.id, trailReports.trailId))
    .where(and(isNull(trailReports.resolvedAt), isNull(trails.hiddenAt), trailMatches(q)))
    .groupBy(trailReports.trailId);
}

/** How many trails wait in the queue under the search: the "trails" tab's figure. */
export function countReportedTrails(db: Db, q: string) {
  const subjects = openTrails(db, q).as("reported_trails");
  return db.select({ n: sql<number>`count(*)` }).from(subjects);
}

/**
 * Trails with open reports, a page at a time, each placed by its first open report (oldest first by default), with
 * its details, author, stops and every open report's reason and details.
 */
export async function listTrailReports(db: Db, query: QueueQuery): Promise<QueuePage<ReportedTrail>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    TRAIL_REPORT_PAGE_SIZE,
    { at: sql<number>`min(${trailReports.createdAt})`, id: sql<number>`min(${trailReports.id})` },
    ({ bound, orderBy, limit }) =>
      openTrails(db, query.q)
        .having(bound)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.first, id: row.firstId }),
  );
  if (rows.length === 0) return { items: [], previous, next };

  const trailIds = rows.map((row) => row.trailId);
  const [trailRows, stopRows, reportRows] = await db.batch([
    db
      .select({
        id: trails.id,
        publicId: trails.publicId,
        title: trails.title,
        area: trails.area,
        description: trails.description,
        visibility: trails.visibility,
        createdAt: trails.createdAt,
        authorName: profiles.fullName,
        authorUsername: profiles.username,
      })
      .from(trails)
      .leftJoin(profiles, eq(profiles.userId, trails.authorId))
      .where(inArray(trails.id, trailIds)),
    db
      .select({ trailId: trailStops.trailId, name: trailStops.stallName })
      .from(trailStops)
      .where(inArray(trailStops.trailId, trailIds))
      .orderBy(asc(trailStops.trailId), asc(trailStops.position)),
    db
      .select({
        trailId: trailReports.trailId,
        reason: trailReports.reason,
        details: trailReports.details,
        createdAt: trailReports.createdAt,
      })
      .from(trailReports)
      .where(and(inArray(trailReports.trailId, trailIds), isNull(trailReports.resolvedAt)))
      .orderBy(asc(trailReports.createdAt), asc(trailReports.id)),
  ]);
  const trailsById = new Map(trailRows.map((row) => [row.id, row]));
  const items = rows.flatMap((row): ReportedTrail[] => {
    const trail = trailsById.get(row.trailId);
    if (!trail) return [];
    return [
      {
        id: row.firstId,
        trail: {
          id: trail.publicId,
          title: trail.title,
          area: trail.area,
          description: trail.description,
          visibility: trail.visibility,
          stops: stopRows.filter((stop) => stop.trailId === row.trailId).map((stop) => stop.name),
          created_at: trail.createdAt,
        },
        author: { name: trail.authorName ?? "", username: trail.authorUsername ?? null },
        reports: reportRows
          .filter((report) => report.trailId === row.trailId)
          .map((report) => ({
            reason: report.reason,
            details: report.details,
            created_at: report.createdAt,
          })),
        created_at: row.first,
      },
    ];
  });
  return { items, previous, next };
}

const resolveOpen = (db: Db, moderatorId: string, now: number, trailRowId: number) =>
  db
    .update(trailReports)
    .set({ resolvedAt: now, resolvedBy: moderatorId })
    .where(and(eq(trailReports.trailId, trailRowId), isNull(trailReports.resolvedAt)));

/**
 * Hides a trail from everyone but its author, who sees `reason`; its open reports are resolved in the same batch. A
 * missing or already hidden trail is 404.
 */
export async function hideTrail(
  db: Db,
  moderatorId: string,
  trailId: string,
  reason: string,
  now = Date.now(),
): Promise<{ name: string }> {
  const [trail] = await db
    .select({ id: trails.id, title: trails.title })
    .from(trails)
    .where(and(eq(trails.publicId, trailId), isNull(trails.hiddenAt)))
    .limit(1);
  if (!trail) throw trailNotFound();
  const [hidden] = await db.batch([
    db
      .update(trails)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: moderatorId })
      .where(and(eq(trails.id, trail.id), isNull(trails.hiddenAt)))
      .returning({ id: trails.id }),
    resolveOpen(db, moderatorId, now, trail.id),
  ]);
  if (hidden.length === 0) throw trailNotFound();
  return { name: trail.title };
}

/**
 * Keeps a reported trail: every open report of the trail that `reportId` belongs to is resolved. A report that is
 * missing or already decided is 409, so a second moderator learns the queue moved on.
 */
export async function keepTrail(
  db: Db,
  moderatorId: string,
  reportId: number,
  now = Date.now(),
): Promise<{ name: string }> {
  const [report] = await db
    .select({ trailId: trailReports.trailId, title: trails.title })
    .from(trailReports)
    .innerJoin(trails, eq(trails.id, trailReports.trailId))
    .where(and(eq(trailReports.id, reportId), isNull(trailReports.resolvedAt)))
    .limit(1);
  if (!report) throw new ModelError(409, TRAIL_REPORT_GONE);
  await resolveOpen(db, moderatorId, now, report.trailId);
  return { name: report.title };
}

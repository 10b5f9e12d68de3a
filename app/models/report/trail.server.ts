// The trail adapter: someone's public community trail, reported to the Trails tab; kept, or hidden with a reason
// its author is shown.
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, trailStops, trails } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { TrailVisibility } from "~/lib/schemas/food-trail";
import type { QueueQuery, TrailReportReason } from "~/lib/schemas/moderation";
import { findTrailForWrite, visibleTo } from "~/models/food-trail/food-trail.server";
import { ModelError } from "~/models/model-error";
import { holdsText, type QueuePage } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import {
  countOpenSubjects,
  fileFound,
  fileOrKeep,
  type OpenReport,
  type OpenSubject,
  readReportedPage,
  recordDecision,
  subjectOfOpenReport,
  subjectRowId,
} from "./reports.server";
import type { ReportQueue, ReportSubject } from "./subject.server";

export const TRAIL_NOT_FOUND = msg("Trail not found");
export const OWN_TRAIL = msg("You cannot report your own trail");
export const CURATED_TRAIL = msg(
  "Curated trails are Nukkad's own and cannot be reported. Tell us what is wrong through Contact Us.",
);

export const DAILY_TRAIL_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 trails a day. Please try again tomorrow."),
);

export const trailSubject: ReportSubject = {
  type: "trail",
  async find(db, id, reporter) {
    const trail = await findTrailForWrite(db, id);
    if (!trail || !visibleTo(trail, reporter.id)) return null;
    if (trail.curated) throw new ModelError(403, CURATED_TRAIL);
    return { key: String(trail.id), authorId: trail.authorId };
  },
  notFound: TRAIL_NOT_FOUND,
  own: { status: 403, message: OWN_TRAIL },
  limit: { counts: "reports", types: ["trail"], daily: DAILY_TRAIL_REPORT_LIMIT },
  againAfterKeep: false,
};

/**
 * Reports someone's public community trail (its page and POST /api/trails/:id/report). A repeat of the reporter's
 * open report answers `created: false`. A missing, private or hidden trail is 404; one's own trail and a curated one
 * are 403; past the daily allowance 429.
 */
export async function reportTrail(
  db: Db,
  reporterId: string,
  trailId: string,
  report: { reason: TrailReportReason; details: string },
): Promise<{ created: boolean }> {
  const found = await trailSubject.find(db, trailId, { id: reporterId, role: "user" });
  if (!found) throw new ModelError(404, TRAIL_NOT_FOUND);
  return fileOrKeep(() => fileFound(db, trailSubject, found, reporterId, report));
}

/** A reported trail stays in the queue while it is shown; the search is its title or area. */
const inQueue = (q: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${trails} WHERE ${trails.id} = ${subjectRowId} AND ${trails.hiddenAt} IS NULL
    ${q ? sql`AND (${holdsText(trails.title, q)} OR ${holdsText(trails.area, q)})` : sql``})`;

export const trailQueue: ReportQueue = {
  tab: "trails",
  count: (db, q) => countOpenSubjects(db, ["trail"], inQueue(q)),
};

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
  reports: OpenReport[];
  /** When the first open report came in. */
  created_at: number;
}

export const TRAIL_REPORT_PAGE_SIZE = 20;

/** The reported trails of a queue page, with their stops' stall names in the walking order. */
const loadTrails = (db: Db) => async (subjects: OpenSubject[]) => {
  const trailIds = subjects.map((subject) => Number(subject.key));
  if (trailIds.length === 0) return () => undefined;
  const [trailRows, stopRows] = await Promise.all([
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
  ]);
  const byId = new Map(
    trailRows.map((row) => [
      String(row.id),
      { ...row, stops: stopRows.filter((stop) => stop.trailId === row.id).map((stop) => stop.name) },
    ]),
  );
  return (subject: OpenSubject) => byId.get(subject.key);
};

/**
 * Trails with open reports, a page at a time, each placed by its first open report (oldest first by default), with
 * its details, author, stops and every open report's reason and details.
 */
export async function listTrailReports(db: Db, query: QueueQuery): Promise<QueuePage<ReportedTrail>> {
  return readReportedPage(
    db,
    ["trail"],
    inQueue(query.q),
    query,
    loadTrails(db),
    (subject, trail, reports) => ({
      id: subject.firstId,
      trail: {
        id: trail.publicId,
        title: trail.title,
        area: trail.area,
        description: trail.description,
        visibility: trail.visibility,
        stops: trail.stops,
        created_at: trail.createdAt,
      },
      author: { name: trail.authorName ?? "", username: trail.authorUsername ?? null },
      reports,
      created_at: subject.first,
    }),
  );
}

/**
 * Hides a trail from everyone but its author, who sees `reason`; its open reports are closed as hidden in the same
 * batch. A missing or already hidden trail is 404.
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
  if (!trail) throw new ModelError(404, TRAIL_NOT_FOUND);
  const [hidden] = await db.batch([
    db
      .update(trails)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: moderatorId })
      .where(and(eq(trails.id, trail.id), isNull(trails.hiddenAt)))
      .returning({ id: trails.id }),
    recordDecision(db, { type: "trail", key: String(trail.id), decision: "hide", moderatorId }, now),
  ]);
  if (hidden.length === 0) throw new ModelError(404, TRAIL_NOT_FOUND);
  return { name: trail.title };
}

/**
 * Keeps a reported trail: every open report of the trail that `reportId` belongs to is closed. A report that is
 * missing or already decided is 409, so a second moderator learns the queue moved on.
 */
export async function keepTrail(
  db: Db,
  moderatorId: string,
  reportId: number,
  now = Date.now(),
): Promise<{ name: string }> {
  const { key } = await subjectOfOpenReport(db, ["trail"], reportId);
  const [trail] = await db
    .select({ title: trails.title })
    .from(trails)
    .where(eq(trails.id, Number(key)))
    .limit(1);
  await recordDecision(db, { type: "trail", key, decision: "keep", moderatorId }, now);
  return { name: trail?.title ?? "" };
}

// The trail adapter: someone's public community trail, reported to the Trails tab; kept, or hidden with a reason
// its author is shown, and restored from the Hidden tab.
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, trailStops, trails } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { TrailVisibility } from "~/lib/schemas/food-trail";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START, type TrailReportReason } from "~/lib/schemas/moderation-fields";
import { findTrailForWrite, visibleTo } from "~/models/food-trail/food-trail.server";
import { ModelError } from "~/models/model-error";
import { holdsText } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import { type FilingContext, fileAndWeigh } from "./auto-hide.server";
import { hiddenRowsOf, hideRowWhere } from "./hide.server";
import {
  fileOrKeep,
  keepSubject,
  loggedRow,
  type OpenReport,
  readPageAs,
  subjectRowId,
} from "./reports.server";
import type { OpenSubject, ReportSubject } from "./subject.server";

export const TRAIL_NOT_FOUND = msg("Trail not found");
export const OWN_TRAIL = msg("You cannot report your own trail");
export const CURATED_TRAIL = msg(
  "Curated trails are Nukkad's own and cannot be reported. Tell us what is wrong through Contact Us.",
);

export const DAILY_TRAIL_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 trails a day. Please try again tomorrow."),
  dailyLimit(
    5,
    msg("While your account is new, you can report up to 5 trails a day. Please try again tomorrow."),
  ),
);

/** A reported trail stays in the queue while it is shown; the search is its title or area. */
const trailMatches = (q: string) =>
  q ? sql`AND (${holdsText(trails.title, q)} OR ${holdsText(trails.area, q)})` : sql``;

/** A reported trail as the queue shows it: its details, stops and author. */
export interface TrailPreview {
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
}

/** How the log names a trail: its title and author. */
const loggedTrail = (key: string) =>
  loggedRow(trails, eq(trails.id, Number(key)), {
    id: trails.publicId,
    name: trails.title,
    person: trails.authorId,
  });

export const trailSubject: ReportSubject<TrailPreview> = {
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
  logged: loggedTrail,
  queue: {
    tab: "trails",
    inQueue: (q) =>
      sql`EXISTS (SELECT 1 FROM ${trails} WHERE ${trails.id} = ${subjectRowId} ${trailMatches(q)})`,
    load: loadTrails,
    decisions: { hide: "hide", keep: null },
    async decide({ db }, moderatorId, { key }, decision, reason) {
      if (decision === "hide") return hideTrailWhere(db, moderatorId, eq(trails.id, Number(key)), reason);
      const [trail] = await db
        .select({ title: trails.title })
        .from(trails)
        .where(eq(trails.id, Number(key)))
        .limit(1);
      return keepSubject(
        db,
        moderatorId,
        { type: "trail", key, logged: loggedTrail(key) },
        trail?.title ?? "",
      );
    },
    said: {
      hide: msg('"{name}" is hidden. Its author sees your reason.'),
      keep: msg('"{name}" stays; its reports are closed.'),
    },
    hideable: hiddenRowsOf(
      "trail",
      trails,
      trailMatches,
      TRAIL_NOT_FOUND,
      { ref: trails.publicId, linkOf: (id) => `/food-trails/${id}` },
      trails.title,
    ),
  },
};

/**
 * Reports someone's public community trail (its page and POST /api/trails/:id/report). A repeat of the reporter's
 * open report answers `created: false`. A missing, private or hidden trail is 404; one's own trail and a curated one
 * are 403; past the daily allowance 429.
 */
export async function reportTrail(
  context: FilingContext,
  reporterId: string,
  trailId: string,
  report: { reason: TrailReportReason; details: string },
): Promise<{ created: boolean }> {
  const found = await trailSubject.find(context.db, trailId, { id: reporterId, role: "user" });
  if (!found) throw new ModelError(404, TRAIL_NOT_FOUND);
  return fileOrKeep(() => fileAndWeigh(context, trailSubject, found, reporterId, report));
}

/**
 * Hides a trail (by `where`) from everyone but its author, who sees `reason`; its open reports are closed as hidden
 * in the same batch. A missing or already hidden trail is 404.
 */
const hideTrailWhere = (db: Db, moderatorId: string, where: SQL, reason: string, now = Date.now()) =>
  hideRowWhere(db, trails, where, {
    type: "trail",
    logged: loggedTrail,
    reason,
    moderatorId,
    now,
    notFound: TRAIL_NOT_FOUND,
    name: trails.title,
  });

/** POST /api/moderation/trails/:id/hide: a trail hidden by its public id. */
export const hideTrail = (db: Db, moderatorId: string, trailId: string, reason: string) =>
  hideTrailWhere(db, moderatorId, eq(trails.publicId, trailId), reason);

/** The reported trails of a queue page, with their stops' stall names in the walking order. */
async function loadTrails(db: Db, subjects: OpenSubject[]) {
  const trailIds = subjects.map((subject) => Number(subject.key));
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
    trailRows.map((row): [string, TrailPreview] => [
      String(row.id),
      {
        trail: {
          id: row.publicId,
          title: row.title,
          area: row.area,
          description: row.description,
          visibility: row.visibility,
          stops: stopRows.filter((stop) => stop.trailId === row.id).map((stop) => stop.name),
          created_at: row.createdAt,
        },
        author: { name: row.authorName ?? "", username: row.authorUsername ?? null },
      },
    ]),
  );
  return (subject: OpenSubject) => byId.get(subject.key);
}

export type ReportedTrail = TrailPreview & { id: number; reports: OpenReport[]; created_at: number };

/** GET /api/moderation/trails: the Trails tab as that endpoint always answered it. */
export const listTrailReports = (db: Db, query: QueueQuery = QUEUE_START) =>
  readPageAs(db, [trailSubject], query, ({ id, preview, reports, created_at }) => ({
    id,
    ...(preview as TrailPreview),
    reports,
    created_at,
  }));

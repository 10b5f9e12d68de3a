// Reports that hide (ADR 051): once the open reports of something an adapter can hide weigh enough (confirmed
// reporters, weighed by their record and trust), it is hidden at once pending a moderator's review and its author is
// told. It stays in its report tab, marked hidden; Keep shows it again and closes the reports, Hide proceeds as for
// anything shown.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, reports, users } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { REPORT_WEIGHTS, type ReporterStanding, weighsEnoughToHide } from "~/lib/rules/report-weight";
import type { ReportInput } from "~/lib/schemas/moderation";
import type { ReportSubjectType } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { notice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { trustLevelsOf } from "~/models/trust.server";
import { fileFound } from "./reports.server";
import type { FoundSubject, Hideable, ReportSubject } from "./subject.server";

/** What filing a report works with: a page's or the API's request context has it. */
export interface FilingContext {
  db: Db;
  /** Where the author's unread count is kept: a hidden subject tells its author. */
  kv: KVNamespace;
  config: Pick<AppConfig, "REPORTS_TO_HIDE">;
}

/** Files a report of a subject its adapter found (as `fileFound`), then hides the subject pending review when its
 * open reports now weigh enough. */
export async function fileAndWeigh(
  context: FilingContext,
  subject: ReportSubject,
  found: FoundSubject,
  reporterId: string,
  input: Pick<ReportInput, "reason" | "details">,
): Promise<{ id: number }> {
  const filed = await fileFound(context.db, subject, found, reporterId, input);
  const { hideable } = subject.queue;
  if (hideable) await hideWhenWeighty(context, hideable, subject.type, found);
  return filed;
}

/** Each reporter's decided reports' decisions, newest first, as far back as the weight looks. */
async function recentDecisionsOf(db: Db, reporterIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db.all<{ reporter: string; decision: string }>(sql`
    SELECT reporter_id AS reporter, decision FROM (
      SELECT ${reports.reporterId}, ${reports.decision}, row_number() OVER (
        PARTITION BY ${reports.reporterId} ORDER BY ${reports.decidedAt} DESC, ${reports.id} DESC) AS n
      FROM ${reports}
      WHERE ${and(inArray(reports.reporterId, reporterIds), isNotNull(reports.decidedAt))})
    WHERE n <= ${REPORT_WEIGHTS.dismissed.last} ORDER BY reporter, n`);
  const decisions = new Map<string, string[]>();
  for (const { reporter, decision } of rows)
    decisions.set(reporter, [...(decisions.get(reporter) ?? []), decision]);
  return decisions;
}

async function hideWhenWeighty(
  { db, kv, config }: FilingContext,
  hideable: Hideable,
  type: ReportSubjectType,
  found: FoundSubject,
  now = Date.now(),
): Promise<void> {
  const threshold = config.REPORTS_TO_HIDE;
  const reporters = await db
    .select({ id: reports.reporterId, confirmed: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL` })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.subjectType, type), eq(reports.subjectId, found.key), isNull(reports.decidedAt)));
  const confirmed = reporters.filter((reporter) => reporter.confirmed).map((reporter) => reporter.id);
  // Most subjects have a report or two: unless the heaviest weights could reach the threshold, nothing more is read.
  if (confirmed.length * REPORT_WEIGHTS.trusted < threshold) return;
  const [levels, decisions] = await Promise.all([
    trustLevelsOf(db, confirmed, now),
    recentDecisionsOf(db, confirmed),
  ]);
  const standing = confirmed.map(
    (id): ReporterStanding => ({
      emailConfirmed: true,
      trustLevel: levels.get(id) ?? 0,
      recentDecisions: decisions.get(id) ?? [],
    }),
  );
  if (!weighsEnoughToHide(standing, threshold)) return;
  const [author] = found.authorId
    ? await db
        .select({ language: profiles.language })
        .from(profiles)
        .where(eq(profiles.userId, found.authorId))
        .limit(1)
    : [];
  const t = translatorFor(isLanguage(author?.language) ? author.language : DEFAULT_LANGUAGE);
  const hiding = await hideable.hideForReview(
    db,
    found.key,
    t("Several members reported this. It is hidden until a moderator reviews it."),
    now,
  );
  if (!hiding) return;
  // The notice follows the statement that hides, so of two reports that tip it together only one tells the author.
  const tell = found.authorId
    ? notice(
        db,
        {
          userId: found.authorId,
          actorId: null,
          type: "stall_update",
          title: t("Something you shared is hidden until a moderator reviews it"),
          body: t(
            "Several members reported it. If a moderator finds it breaks no rule, everyone sees it again.",
          ),
          link: hiding.link,
          subject: hiding.subject,
          onlyAfterChange: true,
        },
        now,
      )
    : [];
  await db.batch([hiding.hide, ...tell, ...hiding.also]);
  if (found.authorId) await refreshUnreadCounts(db, kv, [found.authorId]);
}

/**
 * Before a moderator's decision on a subject with open reports: a subject hidden now was hidden pending review (a
 * moderator's hide closes its reports), so it is shown again and the decision proceeds as for anything shown: Keep
 * leaves it shown, Hide hides it with the moderator's reason.
 */
export async function showForDecision(db: Db, { queue }: ReportSubject, key: string): Promise<void> {
  try {
    await queue.hideable?.restore(db, key, []);
  } catch (error) {
    // Not hidden (or gone, which the decision itself answers).
    if (!(error instanceof ModelError && error.status === 404)) throw error;
  }
}

/** Which of a report tab's items are hidden pending review, keyed `type:key`. */
export async function hiddenForReview(
  db: Db,
  subjects: readonly ReportSubject[],
  items: readonly { type: ReportSubjectType; key: string }[],
): Promise<Set<string>> {
  const hiding = subjects.flatMap(({ type, queue }) =>
    queue.hideable && items.some((item) => item.type === type) ? [queue.hideable.hidden("")] : [],
  );
  if (hiding.length === 0) return new Set();
  const keys = items.map((item) => `${item.type}:${item.key}`);
  const rows = await db.all<{ type: string; key: string }>(
    sql`SELECT type, key FROM (${sql.join(hiding, sql` UNION ALL `)}) WHERE type || ':' || key IN ${keys}`,
  );
  return new Set(rows.map((row) => `${row.type}:${row.key}`));
}

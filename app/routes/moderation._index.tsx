import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useLoaderData } from "@remix-run/react";
import { ItemList } from "~/components/layout/item-list";
import { ClaimList } from "~/components/moderation/claim-list";
import { PendingStallCard } from "~/components/moderation/pending-stall-card";
import { PostReportList } from "~/components/moderation/post-report-list";
import { QueueFrame, queueEmpty, queueTitle } from "~/components/moderation/queue-frame";
import { PendingReelList } from "~/components/moderation/reel-pending-list";
import { ReelReportList } from "~/components/moderation/reel-report-list";
import { ReportList } from "~/components/moderation/report-list";
import { TrailReportList } from "~/components/moderation/trail-report-list";
import { RouteError } from "~/components/route-error";
import { useT } from "~/components/use-t";
import type { Db } from "~/db/client.server";
import { readFormData } from "~/lib/http/form-data.server";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import {
  type ModerationAction,
  moderationActionSchema,
  moderationPageQuerySchema,
  type QueueQuery,
  readQueuePageQuery,
} from "~/lib/schemas/moderation";
import { decideClaim, listPendingClaims } from "~/models/claim.server";
import { decideStall, listPendingStalls } from "~/models/moderation.server";
import { decideReel, listPendingReels } from "~/models/reel/reel.server";
import {
  countModerationQueues,
  dismissPostReports,
  hideComment,
  hidePost,
  hideTrail,
  keepReportedReel,
  keepTrail,
  listOpenReports,
  listPostReports,
  listReelReports,
  listTrailReports,
  removeReportedReel,
  removeReportedStall,
  resolveReport,
} from "~/models/report/report.server";
import { done, invalid, refusal } from "~/request/answers.server";
import type { RequestContext } from "~/request/context.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t(queueTitle(data?.view.tab ?? "pending")), t("Moderation")) }];
};

async function readTab(
  db: Db,
  tab: "pending" | "reports" | "claims" | "posts" | "trails" | "reels" | "reel_reports",
  query: QueueQuery,
) {
  switch (tab) {
    case "pending":
      return { tab, ...(await listPendingStalls(db, query)) };
    case "reports":
      return { tab, ...(await listOpenReports(db, query)) };
    case "claims":
      return { tab, ...(await listPendingClaims(db, query)) };
    case "posts":
      return { tab, ...(await listPostReports(db, query)) };
    case "trails":
      return { tab, ...(await listTrailReports(db, query)) };
    case "reels":
      return { tab, ...(await listPendingReels(db, query)) };
    case "reel_reports":
      return { tab, ...(await listReelReports(db, query)) };
  }
}

/** Moderators and admins only. Visitors sign in first; everyone else finds no such page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const { db } = context;
  const { query, notice } = readQueuePageQuery(moderationPageQuerySchema, new URL(request.url).searchParams);
  const { tab, ...queueQuery } = query;
  const [counts, list] = await Promise.all([
    countModerationQueues(db, query.q),
    readTab(db, tab, queueQuery),
  ]);
  return { view: { tab, q: query.q, sort: query.sort }, counts, list, notice };
}

async function carryOut(
  action: ModerationAction,
  context: RequestContext,
  moderatorId: string,
): Promise<{ name: string } | undefined> {
  const { db } = context;
  switch (action.intent) {
    case "approve-stall":
      return decideStall(context, action.stall, { approve: true });
    case "reject-stall":
      return decideStall(context, action.stall, { approve: false, reason: action.reason });
    case "resolve-report":
      return resolveReport(context.db, context.kv, action.report, moderatorId);
    case "remove-stall":
      return removeReportedStall(context.db, context.kv, context.photos, action.report, moderatorId);
    case "approve-claim":
      return decideClaim(context.db, context.kv, action.claim, { approve: true, moderatorId });
    case "reject-claim":
      return decideClaim(context.db, context.kv, action.claim, { approve: false, moderatorId });
    // A post or comment has no name to say in the answer.
    case "hide-post":
      await hidePost(db, moderatorId, action.post, action.reason);
      return undefined;
    case "hide-comment":
      await hideComment(db, moderatorId, action.comment, action.reason);
      return undefined;
    case "dismiss-post-reports":
      await dismissPostReports(db, moderatorId, action.report);
      return undefined;
    case "hide-trail":
      return hideTrail(db, moderatorId, action.trail, action.reason);
    case "keep-trail":
      return keepTrail(db, moderatorId, action.report);
    case "approve-reel":
      return decideReel(context, action.reel, { approve: true, moderatorId });
    case "reject-reel":
      return decideReel(context, action.reel, { approve: false, reason: action.reason, moderatorId });
    case "remove-reel":
      return removeReportedReel(context, action.reel, action.reason, moderatorId);
    case "keep-reel":
      return keepReportedReel(db, moderatorId, action.report);
  }
}

const DONE: Record<ModerationAction["intent"], (name: string) => string> = {
  "approve-stall": (name) => msg('"{name}" is live now.', { name }),
  "reject-stall": (name) => msg('"{name}" was rejected.', { name }),
  "resolve-report": () => msg("Report resolved."),
  "remove-stall": (name) => msg('"{name}" was removed.', { name }),
  "approve-claim": (name) => msg('Claim approved: "{name}" is verified now.', { name }),
  "reject-claim": () => msg("Claim rejected."),
  "hide-post": () => msg("Post hidden. Its author sees your reason."),
  "hide-comment": () => msg("Comment hidden. Its author sees your reason."),
  "dismiss-post-reports": () => msg("Reports dismissed"),
  "hide-trail": (name) => msg('"{name}" is hidden. Its author sees your reason.', { name }),
  "keep-trail": (name) => msg('"{name}" stays; its reports are closed.', { name }),
  "approve-reel": (name) => msg('The reel of "{name}" is live now.', { name }),
  "reject-reel": (name) => msg('The reel of "{name}" was rejected and deleted.', { name }),
  "remove-reel": (name) => msg('The reel of "{name}" was removed.', { name }),
  "keep-reel": (name) => msg('The reel of "{name}" stays; its reports are closed.', { name }),
};

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireModerator(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: moderationActionSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const decided = await carryOut(submission.value, context, viewer.id);
    return done(DONE[submission.value.intent](decided?.name ?? ""), submission.reply({ resetForm: true }));
  } catch (error) {
    return refusal(error, submission);
  }
}

export default function ModerationPage() {
  const { view, counts, list, notice } = useLoaderData<typeof loader>();
  const t = useT();
  const empty = queueEmpty(view.tab, view.q, t);
  return (
    <QueueFrame
      queue={view.tab}
      description={t(
        "New stalls, reports, ownership claims, reported posts and reported trails waiting for a decision.",
      )}
      counts={counts}
      view={view}
      page={list}
      notice={notice}
    >
      {list.tab === "pending" ? (
        <ItemList items={list.items} empty={empty} ordered className="mt-3 space-y-6">
          {(stall) => <PendingStallCard stall={stall} />}
        </ItemList>
      ) : list.tab === "reports" ? (
        <ReportList reports={list.items} empty={empty} />
      ) : list.tab === "posts" ? (
        <PostReportList items={list.items} empty={empty} />
      ) : list.tab === "trails" ? (
        <TrailReportList items={list.items} empty={empty} />
      ) : list.tab === "reels" ? (
        <PendingReelList items={list.items} empty={empty} />
      ) : list.tab === "reel_reports" ? (
        <ReelReportList items={list.items} empty={empty} />
      ) : (
        <ClaimList claims={list.items} empty={empty} />
      )}
    </QueueFrame>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}

import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useLoaderData } from "@remix-run/react";
import { ClaimCard } from "~/components/moderation/claim-card";
import { HeldPostCard } from "~/components/moderation/held-post-card";
import { PendingReelCard } from "~/components/moderation/pending-reel-card";
import { PendingStallCard } from "~/components/moderation/pending-stall-card";
import { QueueFrame, QueueItems, queueEmpty, queueTitle } from "~/components/moderation/queue-frame";
import { HiddenCard, ReportCard } from "~/components/moderation/report-card";
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
  readQueuePageQuery,
} from "~/lib/schemas/moderation";
import type { ModerationQueue, QueueQuery } from "~/lib/schemas/moderation-fields";
import { decideClaim, listPendingClaims } from "~/models/claim.server";
import { decideStall, listPendingStalls } from "~/models/moderation.server";
import { decideHeldPost, listHeldPosts } from "~/models/post/post.server";
import { decideReel, listPendingReels } from "~/models/reel/reel.server";
import {
  countModerationQueues,
  decideReport,
  listHidden,
  listReports,
  restoreSubject,
} from "~/models/report/report.server";
import { done, invalid, refusal } from "~/request/answers.server";
import type { RequestContext } from "~/request/context.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t(queueTitle(data?.view.tab ?? "pending")), t("Moderation")) }];
};

/** A tab's list: the submissions (stalls, claims, reels, held posts) each their own, every report tab one list, and what is
 * hidden. */
async function readTab(db: Db, tab: QueueTab, query: QueueQuery) {
  switch (tab) {
    case "pending":
      return { tab, ...(await listPendingStalls(db, query)) };
    case "claims":
      return { tab, ...(await listPendingClaims(db, query)) };
    case "reels":
      return { tab, ...(await listPendingReels(db, query)) };
    case "hidden":
      return { tab, ...(await listHidden(db, query)) };
    case "held":
      return { tab, ...(await listHeldPosts(db, query)) };
    default:
      return { tab, ...(await listReports(db, tab, query)) };
  }
}

type QueueTab = Exclude<ModerationQueue, "reviews">;

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

/** Carries out a button of the queue, answering what to tell the moderator. */
async function carryOut(
  action: ModerationAction,
  context: RequestContext,
  moderatorId: string,
): Promise<string> {
  switch (action.intent) {
    case "approve-stall":
      return msg(
        '"{name}" is live now.',
        await decideStall(context, action.stall, { approve: true, moderatorId }),
      );
    case "reject-stall": {
      const decision = { approve: false, reason: action.reason, moderatorId } as const;
      const { name } = await decideStall(context, action.stall, decision);
      return msg('"{name}" was rejected.', { name });
    }
    case "approve-claim": {
      const { name } = await decideClaim(context.db, context.kv, action.claim, {
        approve: true,
        moderatorId,
      });
      return msg('Claim approved: "{name}" is verified now.', { name });
    }
    case "reject-claim":
      await decideClaim(context.db, context.kv, action.claim, { approve: false, moderatorId });
      return msg("Claim rejected.");
    case "approve-reel":
      return msg(
        'The reel of "{name}" is live now.',
        await decideReel(context, action.reel, { approve: true, moderatorId }),
      );
    case "reject-reel": {
      const decision = { approve: false, reason: action.reason, moderatorId } as const;
      const { name } = await decideReel(context, action.reel, decision);
      return msg('The reel of "{name}" was rejected and deleted.', { name });
    }
    case "approve-post":
      await decideHeldPost(context, action.post, { approve: true, moderatorId });
      return msg("The post is published.");
    case "reject-post":
      await decideHeldPost(context, action.post, { approve: false, reason: action.reason, moderatorId });
      return msg("The post was rejected and removed.");
    case "decide-report":
      return (await decideReport(context, moderatorId, action)).said;
    case "restore":
      return (await restoreSubject(context.db, moderatorId, action)).said;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireModerator(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: moderationActionSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const said = await carryOut(submission.value, context, viewer.id);
    return done(said, submission.reply({ resetForm: true }));
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
        <QueueItems items={list.items} empty={empty}>
          {(stall) => <PendingStallCard stall={stall} />}
        </QueueItems>
      ) : list.tab === "claims" ? (
        <QueueItems items={list.items} empty={empty}>
          {(claim) => <ClaimCard claim={claim} />}
        </QueueItems>
      ) : list.tab === "reels" ? (
        <QueueItems items={list.items} empty={empty}>
          {(reel) => <PendingReelCard reel={reel} />}
        </QueueItems>
      ) : list.tab === "held" ? (
        <QueueItems items={list.items} empty={empty}>
          {(post) => <HeldPostCard post={post} />}
        </QueueItems>
      ) : list.tab === "hidden" ? (
        <QueueItems
          items={list.items.map((item) => ({ ...item, id: `${item.type}:${item.key}` }))}
          empty={empty}
        >
          {(item) => <HiddenCard item={item} />}
        </QueueItems>
      ) : (
        <QueueItems items={list.items} empty={empty}>
          {(item) => <ReportCard item={item} />}
        </QueueItems>
      )}
    </QueueFrame>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}

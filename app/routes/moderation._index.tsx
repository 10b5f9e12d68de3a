import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { ItemList } from "~/components/layout/item-list";
import { Pager } from "~/components/layout/pager";
import { ClaimList } from "~/components/moderation/claim-list";
import { PendingStallCard } from "~/components/moderation/pending-stall-card";
import { ReportList } from "~/components/moderation/report-list";
import { RouteError } from "~/components/route-error";
import { PageShell } from "~/components/site-layout";
import { readFormData } from "~/lib/http/form-data.server";
import { type ModerationAction, moderationActionSchema } from "~/lib/schemas/moderation";
import { decideClaim, listPendingClaims } from "~/models/claim.server";
import { decideStall, listPendingStalls, PENDING_PAGE_SIZE } from "~/models/moderation.server";
import { listOpenReports, removeReportedStall, resolveReport } from "~/models/report.server";
import { done, invalid, refusal } from "~/request/answers.server";
import type { RequestContext } from "~/request/context.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction = () => [{ title: "Moderation · Nukkad" }];

/** Moderators and admins only. Visitors sign in first; everyone else finds no such page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const { db } = context;
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const [pending, reports, claims] = await Promise.all([
    listPendingStalls(db, { page }),
    listOpenReports(db),
    listPendingClaims(db),
  ]);
  return {
    pending: pending.items,
    pendingTotal: pending.total,
    page,
    pageCount: Math.max(1, Math.ceil(pending.total / PENDING_PAGE_SIZE)),
    reports,
    claims,
  };
}

function carryOut(
  action: ModerationAction,
  context: RequestContext,
  moderatorId: string,
): Promise<{ name: string }> {
  switch (action.intent) {
    case "approve-stall":
      return decideStall(context, action.stall, { approve: true });
    case "reject-stall":
      return decideStall(context, action.stall, { approve: false, reason: action.reason });
    case "resolve-report":
      return resolveReport(context.db, action.report, moderatorId);
    case "remove-stall":
      return removeReportedStall(context.db, context.photos, action.report);
    case "approve-claim":
      return decideClaim(context.db, action.claim, { approve: true, moderatorId });
    case "reject-claim":
      return decideClaim(context.db, action.claim, { approve: false, moderatorId });
  }
}

const DONE: Record<ModerationAction["intent"], (name: string) => string> = {
  "approve-stall": (name) => `"${name}" is live now.`,
  "reject-stall": (name) => `"${name}" was rejected.`,
  "resolve-report": () => "Report resolved.",
  "remove-stall": (name) => `"${name}" was removed.`,
  "approve-claim": (name) => `Claim approved: "${name}" is verified now.`,
  "reject-claim": () => "Claim rejected.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireModerator(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: moderationActionSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const { name } = await carryOut(submission.value, context, viewer.id);
    return done(DONE[submission.value.intent](name), submission.reply({ resetForm: true }));
  } catch (error) {
    return refusal(error, submission);
  }
}

export default function ModerationPage() {
  const { pending, pendingTotal, page, pageCount, reports, claims } = useLoaderData<typeof loader>();
  const sections = [
    {
      id: "pending",
      title: "Pending stalls",
      count: pendingTotal,
      content: (
        <>
          <ItemList
            items={pending}
            empty="No stalls are waiting for review."
            ordered
            className="mt-3 space-y-6"
          >
            {(stall) => <PendingStallCard stall={stall} />}
          </ItemList>
          <Pager label="Pending stalls pages" page={page} pageCount={pageCount} />
        </>
      ),
    },
    {
      id: "reports",
      title: "Open reports",
      count: reports.length,
      content: <ReportList reports={reports} />,
    },
    { id: "claims", title: "Pending claims", count: claims.length, content: <ClaimList claims={claims} /> },
  ];
  return (
    <PageShell title="Moderation" subtitle="New stalls, reports and ownership claims waiting for a decision.">
      <nav aria-label="Moderation sections" className="flex flex-wrap gap-2 text-sm">
        {sections.map(({ id, title, count }) => (
          <a key={id} href={`#${id}`} className="rounded-full border border-border px-3 py-1 font-semibold">
            {title} ({count})
          </a>
        ))}
        <Link to="/moderation/reviews" className="rounded-full border border-border px-3 py-1 font-semibold">
          Reported reviews
        </Link>
      </nav>
      {sections.map(({ id, title, content }, index) => (
        <section key={id} aria-labelledby={id} className={index === 0 ? "mt-8" : "mt-10"}>
          <h2 id={id} className="font-bold text-xl">
            {title}
          </h2>
          {content}
        </section>
      ))}
    </PageShell>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}

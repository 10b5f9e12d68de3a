import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import type { Db } from "~/db/client.server";
import { readFormData } from "~/lib/http/form-data.server";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { stallClaimSchema, stallReportSchema } from "~/lib/schemas/moderation";
import { isStallId } from "~/lib/schemas/stall-id";
import { createStallClaim } from "~/models/claim.server";
import { ModelError } from "~/models/model-error";
import { createStallReport } from "~/models/report/report.server";
import type { SessionUser } from "~/models/session.server";
import { findVisibleStallRef } from "~/models/stall/stall.server";
import {
  answerOnce,
  done,
  invalid,
  keepActionHeaders,
  refusal,
  resourceAction,
} from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const REPORT_SENT = "Thanks! A moderator will look at your report.";
export const CLAIM_SENT = "Claim request sent! A moderator will review it.";

/**
 * Report Issue (intent "report") and Claim This Stall ("claim") on a stall's page: the same checks, schemas and
 * models as POST /api/shop/:id/reports and /claims.
 */
export const action = resourceAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  const formData = await readFormData(request);
  if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST));
  const write = { db: context.db, viewer, stallId: params.id ?? "", formData };
  switch (formData.get("intent")) {
    case "report": {
      const submission = parseWithZod(formData, { schema: stallReportSchema });
      if (submission.status !== "success") return invalid(submission);
      return once(write, "report", submission, REPORT_SENT, (stall) =>
        createStallReport(context.db, { stallId: stall.id, reporterId: viewer.id, ...submission.value }),
      );
    }
    case "claim": {
      const submission = parseWithZod(formData, { schema: stallClaimSchema });
      if (submission.status !== "success") return invalid(submission);
      return once(write, "claim", submission, CLAIM_SENT, (stall) =>
        createStallClaim(context.db, stall, { userId: viewer.id, ...submission.value }),
      );
    }
    default:
      return refusal(new ModelError(400, "Unknown action"));
  }
});

type Submission = NonNullable<Parameters<typeof refusal>[1]>;
type StallRef = NonNullable<Awaited<ReturnType<typeof findVisibleStallRef>>>;

/**
 * Runs `run` on the stall if the viewer may see it, once per idempotency key: the dialog sends one key per fill, so
 * a double click or a resend after a lost answer stores one report or claim and hears the first answer again.
 */
async function once(
  { db, viewer, stallId, formData }: { db: Db; viewer: SessionUser; stallId: string; formData: FormData },
  intent: string,
  submission: Submission,
  sent: string,
  run: (stall: StallRef) => Promise<void>,
) {
  const stall = isStallId(stallId) ? await findVisibleStallRef(db, stallId, viewer) : null;
  if (!stall) return refusal(new ModelError(404, "Stall not found"), submission);
  const scope = `POST /stall/${stallId}/community ${intent}`;
  const key = formData.get(IDEMPOTENCY_FIELD);
  return answerOnce(
    db,
    { userId: viewer.id, scope, key },
    async () => {
      await run(stall);
      return done(sent, submission.reply({ resetForm: true }));
    },
    submission,
  );
}

// A report past the daily number says when to try again (Retry-After).
export const headers = keepActionHeaders;

// The dialog says what went wrong when its post got no answer, instead of the page giving way to the error boundary.
export const clientAction = answerUnansweredPosts({
  offline: "Network error. Please check your internet connection.",
});

/** The dialogs live on the stall's page (where signing in comes back to, too). */
export function loader({ params }: ActionFunctionArgs) {
  return redirect(`/stall/${encodeURIComponent(params.id ?? "")}`);
}

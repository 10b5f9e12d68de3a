import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import type { Db } from "~/db/client.server";
import { readFormData } from "~/lib/http/form-data.server";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { stallClaimSchema, stallReportSchema } from "~/lib/schemas/moderation";
import { isStallId } from "~/lib/schemas/stall-id";
import { createStallClaim } from "~/models/claim.server";
import { ModelError } from "~/models/model-error";
import { createStallReport } from "~/models/report/report.server";
import type { SessionUser } from "~/models/session.server";
import { findVisibleStallRef } from "~/models/stall/stall.server";
import { answerFormOnce, done, keepActionHeaders, refusal, resourceAction } from "~/request/answers.server";
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
    case "report":
      return once(write, "report", stallReportSchema, REPORT_SENT, (stall, value) =>
        createStallReport(context.db, { stallId: stall.id, reporterId: viewer.id, ...value }),
      );
    case "claim":
      return once(write, "claim", stallClaimSchema, CLAIM_SENT, (stall, value) =>
        createStallClaim(context.db, stall, { userId: viewer.id, ...value }),
      );
    default:
      return refusal(new ModelError(400, "Unknown action"));
  }
});

type StallRef = NonNullable<Awaited<ReturnType<typeof findVisibleStallRef>>>;

/**
 * Runs `run` on the stall if the viewer may see it, once per idempotency key: the dialog sends one key per fill, so
 * a double click or a resend after a lost answer stores one report or claim and hears the first answer again.
 */
function once<Value extends Record<string, unknown>>(
  { db, viewer, stallId, formData }: { db: Db; viewer: SessionUser; stallId: string; formData: FormData },
  intent: string,
  schema: z.ZodType<Value, Record<string, unknown>>,
  sent: string,
  run: (stall: StallRef, value: Value) => Promise<unknown>,
) {
  const scope = `POST /stall/${stallId}/community ${intent}`;
  return answerFormOnce(db, { userId: viewer.id, scope, formData }, schema, async (value, submission) => {
    const stall = isStallId(stallId) ? await findVisibleStallRef(db, stallId, viewer) : null;
    if (!stall) throw new ModelError(404, "Stall not found");
    await run(stall, value);
    return done(sent, submission.reply({ resetForm: true }));
  });
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

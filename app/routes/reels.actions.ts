import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { REEL_INTENTS, type ReelLikeAnswer, type ReelSaveAnswer } from "~/components/reel/reel-actions";
import { readFormData } from "~/lib/http/form-data.server";
import { msg } from "~/lib/i18n/translate";
import { reelIdSchema, reelReportSchema } from "~/lib/schemas/reels";
import { ModelError } from "~/models/model-error";
import { reelNotFound, setReelLike, setReelSave } from "~/models/reel/reel.server";
import { reportReel } from "~/models/report/report.server";
import { answerFormOnce, done, refusal, resourceAction } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const REEL_REPORT_SENT = msg("Thanks! A moderator will look at your report.");

/** "true" or "false" as a toggle's wanted state; anything else flips it. */
const wanted = (value: FormDataEntryValue | null) =>
  value === "true" ? true : value === "false" ? false : undefined;

/**
 * The reel pages' writes: like, save and report, told apart by `intent` and naming the reel by `reelId`. The same
 * models and schemas as PUT /api/reels/:id/like, /save and POST /report; a report goes once per fill of its form.
 */
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  const { db, kv } = context;
  const formData = await readFormData(request);
  const reelId = reelIdSchema.safeParse(formData.get("reelId"));
  if (!reelId.success) return refusal(reelNotFound());
  const id = reelId.data;
  try {
    switch (formData.get("intent")) {
      case REEL_INTENTS.like:
        return {
          ...done(null),
          ...(await setReelLike(db, kv, viewer.id, id, wanted(formData.get("value")))),
        } satisfies ReelLikeAnswer;
      case REEL_INTENTS.save:
        return {
          ...done(null),
          ...(await setReelSave(db, viewer.id, id, wanted(formData.get("value")))),
        } satisfies ReelSaveAnswer;
      case REEL_INTENTS.report:
        return answerFormOnce(
          db,
          { userId: viewer.id, scope: "POST /reels/actions report", formData },
          reelReportSchema,
          async (value, submission) => {
            await reportReel(context, viewer.id, id, value);
            return done(REEL_REPORT_SENT, submission.reply({ resetForm: true }));
          },
        );
      default:
        return refusal(new ModelError(400, "Unknown action"));
    }
  } catch (error) {
    return refusal(error);
  }
});

// A toggle or form hears what went wrong when its post got no answer, instead of the page giving way to the error
// boundary (as the community actions do).
export const clientAction = answerUnansweredPosts({
  offline: "Network error. Please check your internet connection.",
  fault: "Something went wrong. Please try again.",
});

/** The forms live on the reel pages. */
export function loader() {
  return redirect("/reels");
}

import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { readFormData } from "~/lib/http/form-data.server";
import { IDEMPOTENCY_FIELD } from "~/lib/http/idempotency";
import { msg } from "~/lib/i18n/translate";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { confirmationSchema } from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { confirmStall } from "~/models/stall/stall.server";
import { answerOnce, done, refusal, resourceAction } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

/** 'Still here?' on a stall's page: the same schema and model as POST /api/shop/:id/confirm. A resource route, so
 * its answers are Responses (their status kept, a 429's Retry-After too). */
export const action = resourceAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  // As POST /api/shop/:id/confirm: 'Closed for good' answers can send a stall to the moderators.
  if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST));
  const form = await readFormData(request);
  const parsed = confirmationSchema.safeParse({ answer: form.get("answer") });
  if (!parsed.success) return refusal(new ModelError(400, "Answer still_here, moved or closed"));
  // Once per key: an answer sent again (a replay of one queued offline whose answer was lost) hears the first answer
  // again instead of 'You already answered'.
  const once = { userId: viewer.id, scope: "POST /stall/:id/still-here", key: form.get(IDEMPOTENCY_FIELD) };
  return answerOnce(context.db, once, async () => ({
    ...done(msg("Thanks! Your answer helps everyone who comes here.")),
    confirmation: await confirmStall(context.db, viewer.id, params.id ?? "", parsed.data.answer),
  }));
});

// An answer given offline waits in the offline write queue and is sent once there is a network.
export const clientAction = answerUnansweredPosts({
  offline: "Network error. Please check your internet connection.",
  queue: true,
});

/** The buttons live on the stall's page. */
export function loader({ params }: ActionFunctionArgs) {
  return redirect(`/stall/${encodeURIComponent(params.id ?? "")}`);
}

import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "~/lib/auth/client-ip";
import { readFormData } from "~/lib/http/form-data.server";
import { msg } from "~/lib/i18n/translate";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { newsletterSecret, type SubscribeOutcome, subscribeToNewsletter } from "~/models/newsletter.server";
import { done, invalid, refusal, resourceAction } from "~/request/answers.server";

export const SUBSCRIBE_ANSWERS: Record<SubscribeOutcome, string> = {
  "confirmation-sent": msg("Almost there! Open the e-mail we just sent you and confirm your subscription."),
  "already-subscribed": msg("You are already subscribed. Thank you for reading!"),
};

// A resource route: the footer's box posts here with a fetcher and shows the answer beside the address.
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const submission = parseWithZod(await readFormData(request), { schema: newsletterSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const outcome = await subscribeToNewsletter(
      { ...context, secret: newsletterSecret(context.config) },
      submission.value.email,
      clientIp(request.headers),
    );
    return done(SUBSCRIBE_ANSWERS[outcome]);
  } catch (error) {
    return refusal(error, submission);
  }
});

import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { clientIp } from "~/lib/auth/client-ip";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { resendConfirmation } from "~/models/account.server";
import { ModelError } from "~/models/model-error";
import { done, keepActionHeaders, refusal, resourceAction } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

/**
 * Sends a signed-in user a new confirmation link (the profile's "Send the link again"). A resource route answers
 * with a Response, so the answers are sent as JSON with their status.
 */
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  if (viewer.emailVerified) return done("Your e-mail address is already confirmed.");
  try {
    await resendConfirmation(context, viewer, clientIp(request.headers));
  } catch (error) {
    if (error instanceof ModelError) return refusal(error);
    console.error("confirmation e-mail failed", error);
    return Response.json({ ok: false, message: "Something went wrong." } satisfies ActionAnswer, {
      status: 502,
    });
  }
  return done("Confirmation e-mail sent! Check your inbox.");
});

// The e-mail throttle's Retry-After reaches the fetcher, which posts through Remix (`.data`).
export const headers = keepActionHeaders;

export function loader() {
  return redirect("/profile");
}

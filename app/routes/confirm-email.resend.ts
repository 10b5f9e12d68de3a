import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { clientIp } from "~/lib/auth/client-ip";
import { resendConfirmation } from "~/models/account.server";
import { requireUser } from "~/request/guards.server";

/** Sends a signed-in user a new confirmation link (the profile's "Send the link again"). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  if (viewer.emailVerified)
    return Response.json({ ok: true, message: "Your e-mail address is already confirmed." });
  try {
    const result = await resendConfirmation(context, viewer, clientIp(request.headers));
    if (!result.ok) {
      return Response.json(
        { ok: false, message: result.error },
        { status: result.status, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    console.error("confirmation e-mail failed", error);
    return Response.json({ ok: false, message: "Something went wrong." }, { status: 502 });
  }
  return Response.json({ ok: true, message: "Confirmation e-mail sent! Check your inbox." });
}

export function loader() {
  return redirect("/profile");
}

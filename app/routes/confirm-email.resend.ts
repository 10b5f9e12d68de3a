import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { requireViewer, routeContext } from "~/lib/route-context.server";
import { sendConfirmation } from "~/models/account.server";

/** Sends a signed-in user a new confirmation link (the profile's "Send the link again"). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  if (viewer.emailVerified)
    return Response.json({ ok: true, message: "Your e-mail address is already confirmed." });
  try {
    await sendConfirmation(routeContext(request, context), viewer.id, viewer.email);
  } catch (error) {
    console.error("confirmation e-mail failed", error);
    return Response.json({ ok: false, message: "Something went wrong." }, { status: 502 });
  }
  return Response.json({ ok: true, message: "Confirmation e-mail sent! Check your inbox." });
}

export function loader() {
  return redirect("/profile");
}

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readFormData } from "~/lib/http/form-data.server";
import { newsletterSchema } from "~/lib/schemas/newsletter";
import { subscribeToNewsletter } from "~/models/newsletter.server";

// A resource route: the footer posts here with a fetcher, and answers are plain JSON responses.
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    return Response.json({ ok: false, error }, { status: 400 });
  }
  await subscribeToNewsletter(context.db, parsed.data.email);
  return Response.json({ ok: true, message: "Subscribed! Watch your inbox for new stalls." });
}

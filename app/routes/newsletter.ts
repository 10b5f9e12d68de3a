import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { newsletterSchema } from "~/lib/newsletter";
import { subscribeToNewsletter } from "~/models/newsletter.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Invalid email" }, { status: 400 });
  }
  await subscribeToNewsletter(getDb(context.cloudflare.env.DB), parsed.data.email);
  return { ok: true as const, message: "Subscribed! Watch your inbox for new stalls." };
}

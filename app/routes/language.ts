import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { readFormData } from "~/lib/http/form-data.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { languageCookie } from "~/lib/i18n/languages";
import { languageChoiceSchema } from "~/lib/schemas/language";
import { setProfileLanguage } from "~/models/profile.server";

// The language switch (ADR 019): a cookie for everyone, and the profile too for someone signed in, so the choice
// follows them to another device. It answers with a redirect to the same page, which keeps its URL (and, with
// JavaScript, its state: the page is revalidated, not reloaded).
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = languageChoiceSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return Response.json({ error: "language must be en or hi" }, { status: 400 });
  const { language, redirectTo } = parsed.data;
  const viewer = await context.viewer();
  if (viewer) await setProfileLanguage(context.db, context.kv, viewer.id, language);
  return redirect(safeRedirectPath(redirectTo ?? null), {
    headers: { "Set-Cookie": languageCookie(language, context.config.isProduction) },
  });
}

export function loader() {
  return redirect("/settings");
}

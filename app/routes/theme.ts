import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { readFormData } from "~/lib/http/form-data.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { parseTheme, themeCookie } from "~/lib/http/theme";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = parseTheme(form.get("theme"));
  if (!theme) return Response.json({ error: "theme must be light, dark or system" }, { status: 400 });
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": themeCookie(theme) },
  });
}

export function loader() {
  return redirect("/settings");
}

import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { clearedSessionCookie } from "~/lib/auth/session-cookie";
import { readSessionToken } from "~/lib/auth/session-token";
import { CLEAR_SITE_DATA } from "~/lib/http/clear-site-data";
import { revokeSession } from "~/models/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, kv, config } = context;
  const token = readSessionToken(request.headers);
  if (token) await revokeSession(db, kv, token);
  return redirect("/auth", {
    headers: { "Set-Cookie": clearedSessionCookie(config.isProduction), "Clear-Site-Data": CLEAR_SITE_DATA },
  });
}

export function loader() {
  return redirect("/profile");
}

import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MessagePage } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { fetchProviderProfile, oauthStateKey, parseProvider } from "~/lib/auth/oauth.server";
import { sessionCookie } from "~/lib/auth/session-cookie";
import { msg } from "~/lib/i18n/translate";
import { refuseSuspendedSignIn } from "~/models/account-restriction.server";
import { ModelError } from "~/models/model-error";
import { linkProvider, signInWithProvider } from "~/models/oauth.server";
import { createSession } from "~/models/session.server";
import type { OAuthState } from "./auth_.oauth.$provider";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { db, kv, config, origin } = context;
  const provider = parseProvider(params.provider);
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  const stored = state ? await kv.get<OAuthState>(oauthStateKey(state), "json") : null;
  const linking = Boolean(stored?.linkUserId);
  if (!provider || !stored || stored.provider !== provider || !code) {
    return { linking, error: msg("This sign-in link has expired. Please try again.") };
  }
  // Each state works once.
  await kv.delete(oauthStateKey(state));
  if (stored.linkUserId) {
    // The browser that comes back must be the one that asked: otherwise someone could send a victim through
    // their own link and have the victim's provider account sign in to theirs.
    const viewer = await context.viewer();
    if (viewer?.id !== stored.linkUserId)
      return { linking, error: msg("Sign in to Nukkad again, then link the account from Settings.") };
  }
  try {
    const account = await fetchProviderProfile(config, origin, provider, code, stored.codeVerifier);
    if (stored.linkUserId) {
      await linkProvider(db, stored.linkUserId, provider, account);
      return redirect(`${stored.redirectTo}?linked=${provider}`);
    }
    const outcome = await signInWithProvider(db, kv, provider, account);
    await refuseSuspendedSignIn(db, outcome.userId);
    const session = await createSession(db, outcome.userId, { userAgent: request.headers.get("User-Agent") });
    const next = outcome.created
      ? `/complete-profile?redirectTo=${encodeURIComponent(stored.redirectTo)}`
      : stored.redirectTo;
    return redirect(next, {
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, config.isProduction) },
    });
  } catch (error) {
    if (error instanceof ModelError) return { linking, error: error.message };
    console.error(`${provider} ${linking ? "link" : "sign-in"} failed`, error);
    return { linking, error: msg("Something went wrong") };
  }
}

export default function OAuthCallbackPage() {
  const { linking, error } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <MessagePage
      title={linking ? t("Linking did not finish") : t("Sign-in did not finish")}
      next={
        linking
          ? { to: "/settings/account", label: t("Back to Settings") }
          : { to: "/auth", label: t("Back to Sign In") }
      }
    >
      <p role="alert">{t(error)}</p>
    </MessagePage>
  );
}

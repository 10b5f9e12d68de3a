import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import { fetchProviderProfile, oauthStateKey, parseProvider } from "~/lib/auth/oauth.server";
import { sessionCookie } from "~/lib/auth/session-cookie";
import { msg } from "~/lib/i18n/translate";
import { ModelError } from "~/models/model-error";
import { signInWithProvider } from "~/models/oauth.server";
import { createSession } from "~/models/session.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { db, kv, config, origin } = context;
  const provider = parseProvider(params.provider);
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  const stored = state
    ? await kv.get<{ provider: string; codeVerifier: string; redirectTo: string }>(
        oauthStateKey(state),
        "json",
      )
    : null;
  if (!provider || !stored || stored.provider !== provider || !code) {
    return { error: msg("This sign-in link has expired. Please try again.") };
  }
  // Each state works once.
  await kv.delete(oauthStateKey(state));
  let outcome: Awaited<ReturnType<typeof signInWithProvider>>;
  try {
    const account = await fetchProviderProfile(config, origin, provider, code, stored.codeVerifier);
    outcome = await signInWithProvider(db, kv, provider, account);
  } catch (error) {
    if (error instanceof ModelError) return { error: error.message };
    console.error(`${provider} sign-in failed`, error);
    return { error: msg("Something went wrong") };
  }
  const session = await createSession(db, outcome.userId);
  const next = outcome.created
    ? `/complete-profile?redirectTo=${encodeURIComponent(stored.redirectTo)}`
    : stored.redirectTo;
  return redirect(next, {
    headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, config.isProduction) },
  });
}

export default function OAuthCallbackPage() {
  const { error } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <PageShell title={t("Sign-in did not finish")}>
      <p role="alert">{t(error)}</p>
      <Link to="/auth" className="mt-4 inline-block font-semibold text-primary-strong underline">
        {t("Back to Sign In")}
      </Link>
    </PageShell>
  );
}

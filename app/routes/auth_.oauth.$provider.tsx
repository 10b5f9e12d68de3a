import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { generateCodeVerifier, generateState } from "arctic";
import {
  authorizationUrl,
  isProviderConfigured,
  OAUTH_STATE_TTL_SECONDS,
  type OAuthProvider,
  oauthStateKey,
  parseProvider,
} from "~/lib/auth/oauth.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import type { RequestContext } from "~/request/context.server";

/** What the callback needs to finish: the PKCE verifier, where to go next, and for a link whose account it is. */
export interface OAuthState {
  provider: OAuthProvider;
  codeVerifier: string;
  redirectTo: string;
  /** Set in link mode: the signed-in user the provider account is linked to (Settings > Account). */
  linkUserId?: string;
}

async function startAtProvider(
  { kv, config, origin }: RequestContext,
  provider: OAuthProvider,
  state: Omit<OAuthState, "provider" | "codeVerifier">,
) {
  const key = generateState();
  const codeVerifier = generateCodeVerifier();
  await kv.put(
    oauthStateKey(key),
    JSON.stringify({ provider, codeVerifier, ...state } satisfies OAuthState),
    {
      expirationTtl: OAUTH_STATE_TTL_SECONDS,
    },
  );
  return redirect(authorizationUrl(config, origin, provider, key, codeVerifier).toString());
}

function configuredProvider(context: RequestContext, value: string | undefined): OAuthProvider {
  const provider = parseProvider(value);
  if (!provider || !isProviderConfigured(context.config, provider))
    throw new Response("Not Found", { status: 404 });
  return provider;
}

/** Sign in (or up) with the provider. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  return startAtProvider(context, provider, { redirectTo });
}

/**
 * Link mode, Settings > Account's "Link": a form post, so another site cannot start it with a link or an image,
 * for the signed-in user only.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  const viewer = await context.viewer();
  if (!viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/settings/account")}`);
  return startAtProvider(context, provider, { redirectTo: "/settings/account", linkUserId: viewer.id });
}

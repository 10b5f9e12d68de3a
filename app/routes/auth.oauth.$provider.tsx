import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { generateCodeVerifier, generateState } from "arctic";
import {
  authorizationUrl,
  isProviderConfigured,
  OAUTH_STATE_TTL_SECONDS,
  oauthStateKey,
  parseProvider,
} from "~/lib/auth/oauth.server";
import { safeRedirectPath } from "~/lib/http/redirect";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { kv, config, origin } = context;
  const provider = parseProvider(params.provider);
  if (!provider || !isProviderConfigured(config, provider)) throw new Response("Not Found", { status: 404 });
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  await kv.put(oauthStateKey(state), JSON.stringify({ provider, codeVerifier, redirectTo }), {
    expirationTtl: OAUTH_STATE_TTL_SECONDS,
  });
  return redirect(authorizationUrl(config, origin, provider, state, codeVerifier).toString());
}

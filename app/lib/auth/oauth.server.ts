// Sign in with Google or GitHub through arctic. Providers appear only when their client id and secret are set.
import { GitHub, Google } from "arctic";
import type { AppConfig } from "~/lib/http/config.server";

export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export interface ProviderProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/** State and the PKCE verifier live in KV for ten minutes: long enough to sign in at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 600;
export const oauthStateKey = (state: string) => `oauth:state:${state}`;

export function parseProvider(value: string | undefined): OAuthProvider | null {
  return OAUTH_PROVIDERS.find((p) => p === value) ?? null;
}

const callbackUrl = (origin: string, provider: OAuthProvider) => `${origin}/auth/oauth/${provider}/callback`;

export function isProviderConfigured(config: AppConfig, provider: OAuthProvider): boolean {
  return provider === "google"
    ? Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    : Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET);
}

export function authorizationUrl(
  config: AppConfig,
  origin: string,
  provider: OAuthProvider,
  state: string,
  codeVerifier: string,
): URL {
  if (provider === "google") {
    const google = new Google(
      config.GOOGLE_CLIENT_ID ?? "",
      config.GOOGLE_CLIENT_SECRET ?? "",
      callbackUrl(origin, provider),
    );
    return google.createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
  }
  const github = new GitHub(
    config.GITHUB_CLIENT_ID ?? "",
    config.GITHUB_CLIENT_SECRET ?? "",
    callbackUrl(origin, provider),
  );
  return github.createAuthorizationURL(state, ["read:user", "user:email"]);
}

/** Trades the callback's code for the provider's account: id, e-mail (and whether it is verified), name. */
export async function fetchProviderProfile(
  config: AppConfig,
  origin: string,
  provider: OAuthProvider,
  code: string,
  codeVerifier: string,
  fetcher: typeof fetch = fetch,
): Promise<ProviderProfile> {
  if (provider === "google") {
    const google = new Google(
      config.GOOGLE_CLIENT_ID ?? "",
      config.GOOGLE_CLIENT_SECRET ?? "",
      callbackUrl(origin, provider),
    );
    const tokens = await google.validateAuthorizationCode(code, codeVerifier);
    const response = await fetcher("https://openidconnect.googleapis.com/v1/userinfo", {
      headers: { Authorization: `Bearer ${tokens.accessToken()}` },
    });
    if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
    const user = (await response.json()) as {
      sub: string;
      email?: string;
      email_verified?: boolean;
      name?: string;
    };
    return {
      providerUserId: user.sub,
      email: user.email?.toLowerCase() ?? null,
      emailVerified: user.email_verified === true,
      name: user.name ?? user.email?.split("@")[0] ?? "Nukkad foodie",
    };
  }
  const github = new GitHub(
    config.GITHUB_CLIENT_ID ?? "",
    config.GITHUB_CLIENT_SECRET ?? "",
    callbackUrl(origin, provider),
  );
  const tokens = await github.validateAuthorizationCode(code);
  const headers = {
    Authorization: `Bearer ${tokens.accessToken()}`,
    "User-Agent": "Nukkad",
    Accept: "application/json",
  };
  const [userResponse, emailsResponse] = await Promise.all([
    fetcher("https://api.github.com/user", { headers }),
    fetcher("https://api.github.com/user/emails", { headers }),
  ]);
  if (!userResponse.ok) throw new Error(`GitHub user answered ${userResponse.status}`);
  const user = (await userResponse.json()) as { id: number; login: string; name?: string | null };
  const emails = emailsResponse.ok
    ? ((await emailsResponse.json()) as { email: string; primary: boolean; verified: boolean }[])
    : [];
  const primary = emails.find((e) => e.primary) ?? emails[0];
  return {
    providerUserId: String(user.id),
    email: primary?.email.toLowerCase() ?? null,
    emailVerified: primary?.verified === true,
    name: user.name || user.login,
  };
}

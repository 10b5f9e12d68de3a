import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ChevronLeft, Pencil } from "lucide-react";
import { AccountAvatar } from "~/components/settings/account-avatar";
import { AccountEmail } from "~/components/settings/account-email";
import { AccountPassword } from "~/components/settings/account-password";
import { AccountProviders } from "~/components/settings/account-providers";
import { AccountSection, OUTLINE_BUTTON } from "~/components/settings/account-section";
import { AccountSessions } from "~/components/settings/account-sessions";
import { useT } from "~/components/use-t";
import { clientIp } from "~/lib/auth/client-ip";
import { RESET_SENT } from "~/lib/auth/messages";
import { isProviderConfigured, OAUTH_PROVIDERS, parseProvider } from "~/lib/auth/oauth.server";
import { readSessionToken } from "~/lib/auth/session-token";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { describeDevice } from "~/lib/rules/device";
import { changePasswordFormSchema, emailChangeSchema } from "~/lib/schemas/account";
import { requestPasswordReset } from "~/models/account.server";
import {
  accountSecurity,
  cancelEmailChange,
  changePassword,
  EMAIL_CHANGE_SENT,
  PASSWORD_CHANGED,
  removeAvatar,
  requestEmailChange,
} from "~/models/account-security.server";
import { ModelError } from "~/models/model-error";
import { listLinkedProviders, PROVIDER_NAMES, unlinkProvider } from "~/models/oauth.server";
import { getProfile } from "~/models/profile.server";
import { listSessions, revokeOtherSessions, revokeSessionById } from "~/models/session.server";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Account settings")) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db, config } = context;
  const token = readSessionToken(request.headers) ?? "";
  const [profile, security, linked, sessions] = await Promise.all([
    getProfile(db, viewer.id),
    accountSecurity(db, viewer.id),
    listLinkedProviders(db, viewer.id),
    listSessions(db, viewer.id, token),
  ]);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  return {
    profile: {
      fullName: profile.full_name,
      username: profile.username,
      avatarUrl: profile.avatar_url,
      email: profile.email,
      emailVerified: profile.email_verified,
    },
    hasPassword: security.hasPassword,
    pendingEmail: security.pendingEmail,
    providers: OAUTH_PROVIDERS.map((provider) => ({
      provider,
      name: PROVIDER_NAMES[provider],
      configured: isProviderConfigured(config, provider),
      linked: linked.some((link) => link.provider === provider),
    })),
    justLinked: parseProvider(new URL(request.url).searchParams.get("linked") ?? undefined),
    sessions: sessions.map(({ userAgent, ...session }) => ({
      ...session,
      device: describeDevice(userAgent),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db, kv, photos } = context;
  const token = readSessionToken(request.headers) ?? "";
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "password") {
    const submission = parseWithZod(form, { schema: changePasswordFormSchema });
    if (submission.status !== "success") return invalid(submission);
    try {
      await changePassword(context, { userId: viewer.id, keepToken: token }, submission.value);
    } catch (error) {
      return refusal(error, submission);
    }
    return done(PASSWORD_CHANGED, submission.reply({ resetForm: true }));
  }
  if (intent === "email") {
    const submission = parseWithZod(form, { schema: emailChangeSchema });
    if (submission.status !== "success") return invalid(submission);
    try {
      await requestEmailChange(context, viewer, submission.value);
    } catch (error) {
      return refusal(error, submission);
    }
    return done(EMAIL_CHANGE_SENT, submission.reply({ resetForm: true }));
  }
  try {
    switch (intent) {
      case "password-link":
        await requestPasswordReset(context, viewer.email, clientIp(request.headers));
        return done(RESET_SENT);
      case "cancel-email":
        await cancelEmailChange(db, viewer.id);
        return done(msg("The e-mail change is cancelled."));
      case "sign-out-others":
        await revokeOtherSessions(db, kv, viewer.id, token);
        return done(msg("Every other session is signed out."));
      case "sign-out-session": {
        const ended = await revokeSessionById(db, kv, viewer.id, String(form.get("session") ?? ""));
        if (!ended) throw new ModelError(404, msg("This session has ended already."));
        return done(msg("The session is signed out."));
      }
      case "unlink": {
        const provider = parseProvider(String(form.get("provider") ?? ""));
        if (!provider) throw new ModelError(404, msg("Unknown provider"));
        await unlinkProvider(db, viewer.id, provider);
        return done(msg("{name} is unlinked.", { name: PROVIDER_NAMES[provider] }));
      }
      case "remove-avatar":
        await removeAvatar(db, kv, photos, viewer.id);
        return done(msg("Your picture is removed."));
      default:
        throw new ModelError(400, msg("Unknown action"));
    }
  } catch (error) {
    return refusal(error);
  }
}

// A refusal past a limit (password guesses, e-mails) keeps its Retry-After.
export const headers = keepActionHeaders;

export default function AccountSettingsPage() {
  const { profile, hasPassword, pendingEmail, providers, justLinked, sessions } =
    useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/settings" className="inline-flex items-center gap-1 text-ink-muted text-sm hover:text-ink">
        <ChevronLeft aria-hidden="true" className="size-4" /> {t("Settings")}
      </Link>
      <h1 className="mt-2 font-bold text-2xl md:text-3xl">{t("Account settings")}</h1>
      <div className="mt-6 space-y-6">
        <AccountSection id="profile" title={t("Profile")}>
          <p>
            {profile.fullName}
            {profile.username ? <span className="text-ink-muted"> @{profile.username}</span> : null}
          </p>
          <Link to="/complete-profile?redirectTo=%2Fsettings%2Faccount" className={`mt-3 ${OUTLINE_BUTTON}`}>
            <Pencil aria-hidden="true" className="size-4" /> {t("Edit profile")}
          </Link>
        </AccountSection>
        <AccountSection id="avatar" title={t("Profile picture")}>
          <AccountAvatar name={profile.fullName} url={profile.avatarUrl} />
        </AccountSection>
        <AccountSection id="email" title={t("E-mail")}>
          <AccountEmail
            email={profile.email}
            verified={profile.emailVerified}
            pending={pendingEmail}
            hasPassword={hasPassword}
          />
        </AccountSection>
        <AccountSection id="password" title={t("Password")}>
          <AccountPassword hasPassword={hasPassword} email={profile.email} />
        </AccountSection>
        <AccountSection id="connected-accounts" title={t("Connected accounts")}>
          <AccountProviders providers={providers} hasPassword={hasPassword} justLinked={justLinked} />
        </AccountSection>
        <AccountSection id="sessions" title={t("Active sessions")}>
          <AccountSessions sessions={sessions} />
        </AccountSection>
      </div>
    </div>
  );
}

import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import {
  Bug,
  ChevronRight,
  CircleHelp,
  Download,
  FileText,
  LogIn,
  LogOut,
  Mail,
  Shield,
  Trash2,
  Upload,
} from "lucide-react";
import type { ReactNode } from "react";
import { LanguageSwitch } from "~/components/language-switch";
import { PageShell } from "~/components/layout/page-shell";
import { CommunitySettings, SWITCH_FIELDS } from "~/components/settings/community-settings";
import { PlacePreferences } from "~/components/settings/preferences-places";
import { ThemePreference } from "~/components/settings/preferences-theme";
import { ShareApp } from "~/components/settings/share-app";
import { useT } from "~/components/use-t";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { AREA_COOKIE } from "~/lib/http/discover-area";
import { readFormData } from "~/lib/http/form-data.server";
import { homeCityCookie, unitsCookie } from "~/lib/http/preferences";
import type { ThemeData } from "~/lib/http/theme";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { notificationSettingsSchema } from "~/lib/schemas/notifications";
import { COMMUNITY_SETTINGS, settingChangeSchema } from "~/lib/schemas/settings";
import { getNotificationSettings, saveNotificationSettings } from "~/models/notification/notification.server";
import { getSettings, saveSettings } from "~/models/settings.server";
import { done } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

// Settings in the spec's order: Account, Preferences, Community, Support, Quick Actions, the version. Every control
// is a plain form or link, so each works before the page's code has loaded.

export const meta = pageMeta((t) => ({ title: pageTitle(t("Settings")) }));

export async function loader({ context }: LoaderFunctionArgs) {
  const viewer = await context.viewer();
  const settings = viewer ? await getSettings(context.db, viewer.id) : null;
  const notifications = viewer ? await getNotificationSettings(context.db, viewer.id) : null;
  return {
    account: viewer ? { name: viewer.fullName, email: viewer.email } : null,
    community:
      settings && notifications
        ? {
            profileVisibility: settings.profileVisibility,
            mentionPolicy: settings.mentionPolicy,
            notifications,
          }
        : null,
    appUrl: `${context.origin}/`,
  };
}

/**
 * One setting from one of the page's forms. Units and the default city are a cookie for everyone (a visitor's only
 * place for them, and this browser's choice after signing out) and the profile's too when signed in; community
 * settings exist only on a profile.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  if (form.has(SWITCH_FIELDS.type)) return saveNotificationSwitch(request, context, form);
  const parsed = settingChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return Response.json({ error: issue?.message, field: issue?.path.join(".") }, { status: 400 });
  }
  const change = parsed.data;
  const needsAccount = COMMUNITY_SETTINGS.some((setting) => change[setting] !== undefined);
  const viewer = needsAccount ? await requireUser(request, context) : await context.viewer();
  if (viewer) await saveSettings(context.db, context.kv, viewer.id, change);
  const headers = new Headers();
  const secure = context.config.isProduction;
  if (change.units) headers.append("Set-Cookie", unitsCookie(change.units, secure));
  if (change.home_city) {
    headers.append("Set-Cookie", homeCityCookie(change.home_city, secure));
    // Discover starts where it was left before anything else: a newly chosen city starts it there instead.
    headers.append("Set-Cookie", `${AREA_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  }
  return redirect("/settings", { headers });
}

/**
 * One notification switch (Settings > Community): the same schema as PUT /api/notifications/settings, so a type or
 * channel that does not exist, or a state that is not true or false, is refused alike. Answered with a toast.
 */
async function saveNotificationSwitch(
  request: Request,
  context: ActionFunctionArgs["context"],
  form: FormData,
) {
  const viewer = await requireUser(request, context);
  const channel = String(form.get(SWITCH_FIELDS.channel));
  const type = String(form.get(SWITCH_FIELDS.type));
  const on = form.get(SWITCH_FIELDS.on);
  const parsed = notificationSettingsSchema.safeParse({
    [channel]: { [type]: on === "true" ? true : on === "false" ? false : on },
  });
  if (!parsed.success)
    return data<ActionAnswer>(
      { ok: false, message: parsed.error.issues[0]?.message ?? null },
      { status: 400 },
    );
  await saveNotificationSettings(context.db, viewer.id, parsed.data);
  return done(msg("Notification settings saved"));
}

export default function SettingsPage() {
  const { account, community, appUrl } = useLoaderData<typeof loader>();
  const theme = useRouteLoaderData<ThemeData>("root")?.theme ?? "light";
  const t = useT();
  const signingOut = useNavigation().formAction === "/signout";
  return (
    <PageShell title={t("Settings")}>
      <div className="space-y-6">
        <Section id="account" title={t("Account")}>
          {account ? (
            <div className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold">{account.name}</p>
                <p className="break-all text-ink-muted text-sm">{account.email}</p>
              </div>
              <Link to="/settings/account" className={BUTTON}>
                {t("Manage account")} <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 py-3">
              <p className="text-ink-muted">
                {t("Sign in to manage your account, community settings and backups.")}
              </p>
              <Link to="/auth?redirectTo=%2Fsettings" className={PRIMARY_BUTTON}>
                <LogIn aria-hidden="true" className="size-4" /> {t("Sign In")}
              </Link>
            </div>
          )}
        </Section>

        <Section id="preferences" title={t("Preferences")}>
          <ThemePreference theme={theme} />
          <div className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="font-medium">{t("Language")}</span>
            <LanguageSwitch />
          </div>
          <PlacePreferences />
        </Section>

        {community ? (
          <Section id="community" title={t("Community")}>
            <CommunitySettings
              profileVisibility={community.profileVisibility}
              mentionPolicy={community.mentionPolicy}
              notifications={community.notifications}
            />
            <Link
              to="/settings/community"
              className="flex min-h-11 items-center justify-between py-2 font-medium hover:text-primary-strong"
            >
              {t("Blocked and muted")} <ChevronRight aria-hidden="true" className="size-4 text-ink-muted" />
            </Link>
          </Section>
        ) : null}

        <Section id="support" title={t("Support")}>
          <ul>
            {SUPPORT_LINKS.map(({ to, icon: Icon, label }) => (
              <li key={to}>
                <Link to={to} className="flex min-h-11 items-center gap-3 py-2 hover:text-primary-strong">
                  <span className="text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex-1">{t(label)}</span>
                  <ChevronRight aria-hidden="true" className="size-4 text-ink-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="quick-actions" title={t("Quick Actions")}>
          <div className="grid gap-3 py-3 sm:grid-cols-2">
            {account ? (
              <>
                {/* A download, not a page: the browser saves the ZIP the API answers with. */}
                <a href="/api/profile/export" download className={BUTTON}>
                  <Download aria-hidden="true" className="size-4" /> {t("Backup Data")}
                </a>
                <Link to="/settings/data#import" className={BUTTON}>
                  <Upload aria-hidden="true" className="size-4" /> {t("Import")}
                </Link>
              </>
            ) : null}
            <ShareApp url={appUrl} />
            {account ? (
              <Form method="post" action="/signout">
                <button
                  type="submit"
                  disabled={signingOut}
                  className={`${BUTTON} w-full border-closed text-closed disabled:opacity-60`}
                >
                  <LogOut aria-hidden="true" className="size-4" />{" "}
                  {signingOut ? t("Signing Out...") : t("Sign Out")}
                </button>
              </Form>
            ) : null}
          </div>
          {account ? (
            <p className="border-border border-t py-3">
              <Link
                to="/settings/data#delete"
                className="inline-flex items-center gap-2 font-semibold text-closed underline"
              >
                <Trash2 aria-hidden="true" className="size-4" /> {t("Delete account")}
              </Link>
            </p>
          ) : null}
        </Section>
      </div>
      <p className="mt-8 text-center text-ink-muted text-sm">
        {/* The version reads the same in every language. */}
        {"v1.0.0"}
      </p>
    </PageShell>
  );
}

/** Settings > Support: the pages that help, in the order shown. */
const SUPPORT_LINKS = [
  { to: "/help", icon: CircleHelp, label: msg("Help Center") },
  { to: "/contact", icon: Mail, label: msg("Contact Us") },
  { to: "/privacy", icon: Shield, label: msg("Privacy Policy") },
  { to: "/terms", icon: FileText, label: msg("Terms of Service") },
  {
    to: `/contact?topic=problem&page=${encodeURIComponent("/settings")}`,
    icon: Bug,
    label: msg("Report a problem"),
  },
];

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-full border border-border px-4 py-2 font-semibold hover:bg-surface-muted";
const PRIMARY_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground hover:bg-primary-strong";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface px-4 py-2">
      <h2 id={id} className="pt-2 font-semibold text-lg">
        {title}
      </h2>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import {
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { CardForm } from "~/components/form/card-form";
import { Field, FieldError, TextField } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { SubmitButton } from "~/components/form/pending-button";
import { usePageForm } from "~/components/form/use-schema-form";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { clientIp } from "~/lib/auth/client-ip";
import { SIGN_UP_DONE } from "~/lib/auth/messages";
import { isProviderConfigured, OAUTH_PROVIDERS, type OAuthProvider } from "~/lib/auth/oauth.server";
import { signInSchema, type signUpSchema } from "~/lib/auth/schemas";
import { signUpServerSchema } from "~/lib/auth/schemas.server";
import { sessionCookie } from "~/lib/auth/session-cookie";
import { notify } from "~/lib/client/notify";
import { readFormData } from "~/lib/http/form-data.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { signIn, signUp } from "~/models/account.server";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";

type Mode = "signin" | "signup";

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

export const meta = pageMeta((t) => ({
  title: pageTitle(t("Sign in")),
  description: t("Sign in or create a Nukkad account to bookmark, review and add street-food stalls."),
}));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/profile");
  if (await context.viewer()) throw redirect(redirectTo);
  const { config } = context;
  return {
    mode: (url.searchParams.get("mode") === "signup" ? "signup" : "signin") as Mode,
    redirectTo,
    providers: OAUTH_PROVIDERS.filter((provider) => isProviderConfigured(config, provider)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const mode: Mode = formData.get("mode") === "signup" ? "signup" : "signin";
  const redirectTo = safeRedirectPath(formData.get("redirectTo"), "/profile");

  if (mode === "signup") {
    const submission = await parseWithZod(formData, { schema: signUpServerSchema, async: true });
    if (submission.status !== "success") return invalid(submission);
    const { email, password, full_name } = submission.value;
    try {
      await signUp(context, { email, password, fullName: full_name, ip: clientIp(request.headers) });
    } catch (error) {
      return refusal(error, submission);
    }
    // Nobody is signed in yet (a registered address gets the same answer): the person signs in below.
    return done(SIGN_UP_DONE, submission.reply({ resetForm: true }));
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return invalid(submission);
  let signedIn: Awaited<ReturnType<typeof signIn>>;
  try {
    signedIn = await signIn(context, {
      ...submission.value,
      ip: clientIp(request.headers),
      userAgent: request.headers.get("User-Agent"),
    });
  } catch (error) {
    // The password typed does not travel back in a refusal.
    return refusal(error, {
      reply: (options) => submission.reply({ ...options, hideFields: ["password"] }),
    });
  }
  const { session, needsProfile } = signedIn;
  return data(
    {
      ...done(msg("Signed in successfully!"), submission.reply({ resetForm: true })),
      // A new account completes its profile first, then goes where it was headed.
      redirectTo: needsProfile
        ? `/complete-profile?redirectTo=${encodeURIComponent(redirectTo)}`
        : redirectTo,
    },
    {
      headers: {
        "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.isProduction),
      },
    },
  );
}

// Too many sign-ins or sign-ups say when to try again (Retry-After).
export const headers = keepActionHeaders;

// After a successful sign-in this page's loader would redirect the new session straight to /profile before the
// page can show its message and go where the action said (e.g. /complete-profile for a new account).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction ? false : defaultShouldRevalidate;

const signInForm = formSchema(() => import("~/lib/auth/schemas"), "signInSchema");
const signUpForm = formSchema(() => import("~/lib/auth/schemas"), "signUpSchema");

export default function AuthPage() {
  const { mode, redirectTo, providers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const t = useT();
  const location = useLocation();
  const signup = mode === "signup";
  /** Set by a sign-up: the person signs in next, with the account they just made. */
  const signedUp = (location.state as { signedUp?: string } | null)?.signedUp ?? null;
  const busy = navigation.state === "submitting";
  const [form, fields] = usePageForm<typeof signUpSchema>(
    signup ? signUpForm : signInForm,
    actionData?.result,
    {
      id: `auth-${mode}`,
    },
  );

  // A sign-in's answer sets the session and says where the page goes on to.
  const next =
    actionData && "redirectTo" in actionData && typeof actionData.redirectTo === "string"
      ? actionData.redirectTo
      : null;
  // Navigate once Remix has finished revalidating after the action, so that revalidation is not aborted.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (next === null || !settled) return;
    if (actionData?.message) notify.success(t(actionData.message));
    navigate(next, { replace: true });
  }, [actionData, next, settled, navigate, t]);
  useEffect(() => {
    if (actionData && !actionData.ok && actionData.message) notify.error(t(actionData.message));
  }, [actionData, t]);
  const signInPath = `/auth${redirectTo !== "/profile" ? `?${new URLSearchParams({ redirectTo })}` : ""}`;
  useEffect(() => {
    const message = signup && actionData?.ok ? actionData.message : null;
    if (!message || !settled) return;
    notify.success(t(message));
    navigate(signInPath, { replace: true, state: { signedUp: message } });
  }, [actionData, signup, settled, navigate, signInPath, t]);

  if (next !== null) {
    return (
      <p role="status" className="py-24 text-center text-ink-muted">
        {t("Checking authentication...")}
      </p>
    );
  }

  const toggle = `/auth?${new URLSearchParams({ ...(signup ? {} : { mode: "signup" }), ...(redirectTo !== "/profile" ? { redirectTo } : {}) })}`;

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center font-bold text-3xl">{signup ? t("Join Nukkad") : t("Welcome Back")}</h1>
      <p className="mt-2 text-center text-ink-muted">
        {signup
          ? t("Create your free account to add and save stalls.")
          : t("Sign in to bookmark stalls and add your finds.")}
      </p>
      {signedUp ? (
        <p
          role="status"
          className="mt-6 rounded-lg bg-green-100 px-3 py-2 text-center text-green-900 text-sm"
        >
          {t("{message} Then sign in here.", { message: t(signedUp) })}
        </p>
      ) : null}
      <CardForm
        {...getFormProps(form)}
        legend={signup ? t("Create account") : t("Sign in")}
        pending={busy}
        className="mt-8"
        hidden={
          <>
            <input type="hidden" name="mode" value={mode} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
          </>
        }
        footer={
          providers.length > 0 ? (
            <div className="space-y-2 border-border border-t pt-4">
              {providers.map((provider) => (
                <a
                  key={provider}
                  href={`/auth/oauth/${provider}?redirectTo=${encodeURIComponent(redirectTo)}`}
                  className="block w-full rounded-full border border-border py-2.5 text-center font-semibold"
                >
                  {t("Continue with {provider}", { provider: PROVIDER_NAMES[provider] })}
                </a>
              ))}
            </div>
          ) : null
        }
      >
        {signup ? (
          <TextField label={t("Full Name")} meta={fields.full_name} autoComplete="name" type="text" />
        ) : null}
        <TextField
          label={t("Email")}
          meta={fields.email}
          autoComplete="email"
          type="email"
          inputMode="email"
        />
        <Field label={t("Password")} meta={fields.password}>
          <div className="relative mt-1">
            <input
              {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
              key={fields.password.key}
              autoComplete={signup ? "new-password" : "current-password"}
              className="w-full rounded-lg border border-border bg-surface px-3 py-2 pr-11 aria-[invalid]:border-closed"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? t("Hide password") : t("Show password")}
              aria-pressed={showPassword}
              className="-translate-y-1/2 absolute top-1/2 right-1 inline-flex size-9 items-center justify-center rounded-md text-ink-muted"
            >
              {showPassword ? (
                <EyeOff aria-hidden="true" className="size-5" />
              ) : (
                <Eye aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
        </Field>
        {!signup ? (
          <p className="text-right text-sm">
            <Link to="/forgot-password" className="font-semibold text-primary-strong underline">
              {t("Forgot password?")}
            </Link>
          </p>
        ) : null}
        <FieldError id={form.errorId} errors={form.errors} />
        <SubmitButton
          pending={busy}
          pendingLabel={signup ? t("Creating Account...") : t("Signing In...")}
          className="hover:bg-primary-strong"
        >
          {signup ? t("Create Account") : t("Sign In")}
        </SubmitButton>
      </CardForm>
      <p className="mt-6 text-center text-sm">
        <Sentence
          text={
            signup
              ? t("Already have an account? {link}", { link: slot("link") })
              : t("New to Nukkad? {link}", { link: slot("link") })
          }
          parts={{
            link: (
              <Link to={toggle} className="font-semibold text-primary-strong underline">
                {signup ? t("Sign in") : t("Create an account")}
              </Link>
            ),
          }}
        />
      </p>
      <p className="mt-4 text-center text-ink-muted text-xs">
        <Sentence
          text={t("By continuing you agree to our {terms} and {privacy}.", {
            terms: slot("terms"),
            privacy: slot("privacy"),
          })}
          parts={{
            terms: (
              <Link to="/terms" className="underline">
                {t("Terms of Service")}
              </Link>
            ),
            privacy: (
              <Link to="/privacy" className="underline">
                {t("Privacy Policy")}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

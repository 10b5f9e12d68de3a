import { Form, type MetaFunction, useRouteLoaderData } from "@remix-run/react";
import { LanguageSwitch } from "~/components/language-switch";
import { PageShell } from "~/components/site-layout";
import { useT } from "~/components/use-t";
import type { ThemeData } from "~/lib/http/theme";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Settings")) }];
};

export default function SettingsPage() {
  const theme = useRouteLoaderData<ThemeData>("root")?.theme ?? "light";
  const dark = theme === "dark";
  const t = useT();
  return (
    <PageShell title={t("Settings")}>
      <section aria-labelledby="preferences" className="rounded-xl border border-border bg-surface p-4">
        <h2 id="preferences" className="font-semibold text-lg">
          {t("Preferences")}
        </h2>
        <Form method="post" action="/theme" className="mt-3 flex items-center justify-between">
          <input type="hidden" name="theme" value={dark ? "light" : "dark"} />
          <input type="hidden" name="redirectTo" value="/settings" />
          <span id="dark-mode-label">{t("Dark Mode")}</span>
          <button
            type="submit"
            role="switch"
            aria-checked={dark}
            aria-labelledby="dark-mode-label"
            className={`relative h-7 w-12 rounded-full transition-colors ${dark ? "bg-primary" : "bg-border"}`}
          >
            <span
              className={`absolute top-1 left-1 size-5 rounded-full bg-surface shadow transition-transform ${dark ? "translate-x-5" : ""}`}
            />
          </button>
        </Form>
        <div className="mt-3 flex items-center justify-between">
          <span>{t("Language")}</span>
          <LanguageSwitch />
        </div>
      </section>
      <p className="mt-8 text-center text-ink-muted text-sm">
        {/* The version reads the same in every language. */}
        {"v1.0.0"}
      </p>
    </PageShell>
  );
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCompilationErrorMessage, createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import type { Plugin } from "vite";

const project = import.meta.dirname;
const LOCALES = join(project, "app/lib/i18n/locales");
const COMPILED = join(project, "app/lib/i18n/compiled");

/**
 * Compiles app/lib/i18n/locales/<language>.po into app/lib/i18n/compiled/<language>.ts (ADR 019): plain modules,
 * so every bundler of the app reads them, wrangler's esbuild (the API and the models it bundles) as well as Vite.
 * They are generated, not kept in git: `npm install` writes them, and every build, test run, dev server and
 * `npm run typecheck` compiles them again first, so a catalogue edit can never leave what they check stale. A file
 * is written only when it changes, so a dev server reloads only for a real edit.
 */
export async function compileCatalogues(): Promise<void> {
  const config = getConfig({ cwd: project });
  mkdirSync(COMPILED, { recursive: true });
  for (const catalog of await getCatalogs(config)) {
    for (const language of config.locales) {
      const { messages } = await catalog.getTranslations(language, {
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? "en",
      });
      const { source: json, errors } = createCompiledCatalog(language, messages, { namespace: "json" });
      if (errors.length > 0) throw new Error(createCompilationErrorMessage(language, errors));
      // Typed by the app's own translator, which reads them (ADR 059); parsed as JSON, quicker than an object literal.
      // A message written as its own key is left out: the translator shows a missing message as it is, and every
      // page carries its language's catalogue (English had 116 such entries, 10 KB of each page).
      const entries = Object.entries((JSON.parse(json) as { messages: Record<string, unknown> }).messages);
      const compiled = JSON.stringify(
        Object.fromEntries(
          entries.filter(([id, message]) => JSON.stringify(message) !== JSON.stringify([id])),
        ),
      );
      const source = [
        "// Generated from ../locales by vite-i18n-catalogues.ts: edit the .po file instead.",
        'import type { Messages } from "../translate";',
        `export const messages: Messages = JSON.parse(${JSON.stringify(compiled)});`,
        "",
      ].join("\n");
      const file = join(COMPILED, `${language}.ts`);
      if (!existsSync(file) || readFileSync(file, "utf8") !== source) writeFileSync(file, source);
    }
  }
}

/** Compiles the catalogues before Vite (a build, the dev server, vitest) reads the app, and again on each .po edit. */
export function i18nCatalogues(): Plugin {
  return {
    name: "nukkad:i18n-catalogues",
    async config() {
      await compileCatalogues();
    },
    configureServer(server) {
      server.watcher.add(LOCALES);
      server.watcher.on("change", (file) => {
        if (file.startsWith(LOCALES) && file.endsWith(".po")) compileCatalogues().catch(console.error);
      });
    },
  };
}

import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { compileCatalogues } from "./vite-i18n-catalogues";
import { wasmModules } from "./vite-wasm-modules";

const compatibilityDate = readFileSync("wrangler.toml", "utf8").match(/^compatibility_date = "(.+)"$/m)?.[1];

// Unit and integration tests run inside workerd with real D1, KV and R2. The files share one workerd per vitest
// worker (`isolate: false`): the app's modules load once, not once per file (ADR 030); the setup file gives each file
// the fresh storage it would have had alone.
// Tests that go through the whole Worker import workers/app.ts and so build/server: `npm test` builds first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  // Before the tests import the app: the catalogues they read are compiled from the .po files (ADR 019).
  await compileCatalogues();
  return {
    plugins: [
      wasmModules({ inWorkerd: true }),
      cloudflareTest({
        // The bindings of wrangler.toml, without its `main`: tests load the Worker only where they need it.
        miniflare: {
          compatibilityDate,
          compatibilityFlags: ["nodejs_compat"],
          // MIGRATION_DB: a second database that a test migrates step by step (reports-migration.test.ts).
          d1Databases: ["DB", "MIGRATION_DB"],
          kvNamespaces: ["KV"],
          r2Buckets: ["PHOTOS"],
          bindings: { ENVIRONMENT: "test", TEST_MIGRATIONS: migrations },
        },
      }),
    ],
    resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
    test: {
      include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "workers/**/*.test.ts"],
      isolate: false,
      setupFiles: ["./tests/integration/apply-migrations.ts"],
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "mediabunny"],
          },
        },
      },
    },
  };
});

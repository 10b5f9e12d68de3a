import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type ViteDevServer } from "vite";
import { buildServiceWorker } from "./scripts/lib/build-service-worker";
import { firstLoadChunks, lucideIconSprite, lucideIconsOneByOne } from "./vite-first-load";
import { formSchemas } from "./vite-form-schemas";
import { i18nCatalogues } from "./vite-i18n-catalogues";
import { wasmModules } from "./vite-wasm-modules";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

let devServer: ViteDevServer | undefined;
const captureDevServer: Plugin = {
  name: "nukkad:capture-dev-server",
  configureServer(server) {
    devServer = server;
  },
};

export default defineConfig({
  plugins: [
    wasmModules(),
    i18nCatalogues(),
    formSchemas(),
    captureDevServer,
    remixCloudflareDevProxy({
      // Loaded through Vite rather than imported here: the request context is app code, written with the "~/"
      // alias, which the bundled config file cannot resolve.
      getLoadContext: async (args) => {
        const loadContext = (await devServer?.ssrLoadModule("/load-context.ts")) as
          | typeof import("./load-context")
          | undefined;
        if (!loadContext) throw new Error("The dev server is not running");
        // wrangler.toml says production (what deploy ships); `npm run dev` is development, as `npm start` is.
        const env = { ...(args.context.cloudflare.env as Env), ENVIRONMENT: "development" as const };
        return loadContext.getLoadContext({
          request: args.request,
          context: { ...args.context, cloudflare: { ...args.context.cloudflare, env } },
        });
      },
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The service worker, with the finished client build's files as its precache list (ADR 029).
      buildEnd: async ({ remixConfig }) => {
        await buildServiceWorker(`${remixConfig.buildDirectory}/client`);
      },
    }),
    tailwindcss(),
    firstLoadChunks(),
    lucideIconsOneByOne(),
    lucideIconSprite(),
  ],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  server: {
    watch: { ignored: ["**/.wrangler/**", "**/test-results/**"] },
  },
  build: {
    // Fonts stay files: the language switch's Devanagari subset (ADR 034) is fetched only where its word is drawn,
    // not carried inside every page's stylesheet.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    target: ["es2022", "chrome107", "edge107", "firefox104", "safari16"],
    minify: "terser",
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
  },
  optimizeDeps: {
    // sonner and idb are imported only after hydration (ADR 057): found then, they made Vite re-bundle its deps and
    // the page ran two copies of React until it reloaded.
    include: [
      "react-leaflet",
      "leaflet",
      "drizzle-orm",
      "drizzle-orm/d1",
      "drizzle-orm/sqlite-core",
      "sonner",
      "idb",
    ],
  },
});

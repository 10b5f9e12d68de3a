import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches?: PlatformProxy<Env>["caches"] | CacheStorage;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Nonce for inline scripts under the Worker's Content-Security-Policy; absent in `npm run dev`. */
    cspNonce?: string;
  }
}

/** The Remix load context, built per request: the Worker's bindings and execution context, nothing cached. */
export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  return { cloudflare: context.cloudflare };
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "~/api";

// In production the Worker (workers/app.ts) answers /api/* before Remix is reached. `npm run dev` runs only
// Remix, so this splat hands /api requests to the very same Hono app: dev and production answer alike.
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return api.fetch(request, context.cloudflare.env, context.cloudflare.ctx as ExecutionContext);
}

export const loader = handle;
export const action = handle;

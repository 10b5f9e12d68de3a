import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { servePhoto } from "~/models/photo.server";

// In production the Worker (workers/app.ts) answers /photos/* before Remix is reached. `npm run dev` runs only
// Remix, so this route serves the same answer there, like app/routes/api.$.ts does for the API.
export function loader({ params, request, context }: LoaderFunctionArgs) {
  return servePhoto(context.photos, params.key ?? "", request.headers);
}

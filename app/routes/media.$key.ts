import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/models/media.server";

// In production the Worker (workers/app.ts) answers /media/* before Remix is reached. `npm run dev` runs only
// Remix, so this route serves the same answer there, as app/routes/photos.$key.ts does for photos.
export function loader({ params, request, context }: LoaderFunctionArgs) {
  return serveMedia(context.photos, params.key ?? "", request.headers, request.method);
}

// The Worker wrangler deploys. Everything it does is composed in app/entry.worker.ts, inside the server build, so
// that the app's modules are bundled once (ADR 050); this file only starts it with the build.
import type { ServerBuild } from "@remix-run/cloudflare";
import type { createWorker } from "~/entry.worker";
// biome-ignore lint/suspicious/noTsIgnore: the build may or may not exist when typecheck runs, so neither expect-error nor plain import fits.
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../build/server";

const serverBuild = build as unknown as ServerBuild & {
  entry: { module: { createWorker: typeof createWorker } };
};

export default serverBuild.entry.module.createWorker(serverBuild);

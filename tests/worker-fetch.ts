import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../workers/app";

// The whole Worker, as deployed (build first), called as a browser on this origin would: its cookies, no redirect
// followed, and whatever it left to waitUntil (the edge cache's store) finished before the next request.
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

export async function sendToWorker(path: string, init: RequestInit & { cookies?: string[] } = {}) {
  const { cookies = [], ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Origin", "http://127.0.0.1");
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, { ...rest, headers, redirect: "manual" }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** A page's HTML without its catalogue (the language's messages as JSON, ADR 019, holding every message's text): what
 * the page draws, for tests that look for a text. */
export const drawnHtml = (html: string) => html.replace(/<script id="nukkad-messages"[\s\S]*?<\/script>/, "");

// What the e2e server's Worker reaches instead of the internet: every request it makes off loopback comes here.
// The fake push service (PUSH_HOST) keeps each message for the tests to read and decrypt (tests/e2e/push.spec.ts):
// one JSON line per message in `<dir>/messages.jsonl`. It answers 201, as push services do, or 410 (the browser
// unsubscribed) for an endpoint whose last path segment a test has named in `<dir>/gone/`. Anything else (a
// geocoder, an OAuth provider) is refused at once, so no test waits on, or reaches, the network.
import { appendFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

export const PUSH_HOST = "push.e2e.nukkad.test";

export interface RecordedPush {
  endpoint: string;
  status: number;
  headers: Record<string, string>;
  /** The encrypted body, base64. */
  body: string;
}

/** The folder the fake push service of the e2e server on `port` writes to. */
export const pushDir = (port: string) => join(".cache", `e2e-push-${port}`);

export function e2eOutbound(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "gone"), { recursive: true });
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return fetch(request);
    if (url.hostname !== PUSH_HOST) return new Response("No network in the e2e tests", { status: 502 });
    const id = url.pathname.split("/").pop() ?? "";
    const status = existsSync(join(dir, "gone", id)) ? 410 : 201;
    const message: RecordedPush = {
      endpoint: request.url,
      status,
      headers: Object.fromEntries(request.headers),
      body: Buffer.from(await request.arrayBuffer()).toString("base64"),
    };
    appendFileSync(join(dir, "messages.jsonl"), `${JSON.stringify(message)}\n`);
    return new Response(null, { status });
  };
}

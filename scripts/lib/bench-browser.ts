import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { serveBuild } from "./wrangler";

/** Serves the production build on `port` over the local D1/KV/R2 in `state`, leaving NUKKAD_PERSIST_TO as it was. */
export async function serveBuildFrom(state: string, port: string): Promise<() => Promise<void>> {
  const persistBefore = process.env.NUKKAD_PERSIST_TO;
  process.env.NUKKAD_PERSIST_TO = state;
  try {
    return await serveBuild(port, { quiet: true });
  } finally {
    if (persistBefore === undefined) delete process.env.NUKKAD_PERSIST_TO;
    else process.env.NUKKAD_PERSIST_TO = persistBefore;
  }
}

/** Debian's Chromium for a browser bench: headless, and everything but loopback sent to a closed port, where it
 * fails at once (Chrome never proxies loopback). */
export function launchLoopbackChromium(extraArgs: string[] = []) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--proxy-server=http://127.0.0.1:9", ...extraArgs],
  });
}

import { I18nProvider } from "@lingui/react";
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { loadMessages } from "~/lib/i18n/catalogs";
import { createI18n } from "~/lib/i18n/translate";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  let status = responseStatusCode;
  // The catalogues are compiled by Vite, so they are loaded here, in the server build, and not in the request
  // context, which the Worker also bundles on its own (ADR 019).
  const language = await loadContext.language();
  const i18n = createI18n(language, await loadMessages(language));

  const body = await renderToReadableStream(
    <I18nProvider i18n={i18n}>
      <RemixServer
        context={remixContext}
        url={request.url}
        abortDelay={ABORT_DELAY_MS}
        nonce={loadContext.cspNonce}
      />
    </I18nProvider>,
    {
      signal: controller.signal,
      nonce: loadContext.cspNonce,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers and link previews (WhatsApp, Twitter) get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

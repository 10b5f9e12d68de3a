import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nProvider } from "~/components/i18n-provider";
import { partsHydratedLater } from "~/components/layout/mount-later";
import { provideMetaTranslators } from "~/lib/i18n/page-meta";
import { i18nFor } from "~/lib/i18n/translator.server";
import { withoutVideoFirstPreloads } from "~/request/module-preloads.server";

const ABORT_DELAY_MS = 5_000;

provideMetaTranslators(i18nFor);

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
  const i18n = i18nFor(await loadContext.language());
  await partsHydratedLater();

  const body = await renderToReadableStream(
    <I18nProvider i18n={i18n}>
      <RemixServer
        context={withoutVideoFirstPreloads(remixContext)}
        url={request.url}
        abortDelay={ABORT_DELAY_MS}
        nonce={loadContext.cspNonce}
      />
    </I18nProvider>,
    {
      signal: controller.signal,
      nonce: loadContext.cspNonce,
      // A Suspense boundary the server has finished is written in place. By default React moves any finished
      // boundary past the page's first 12,800 bytes (the head's stylesheet alone is more) to the end of the stream,
      // with a script that swaps it in: a part hydrated later (ADR 059) would miss the first paint.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
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
export { createWorker } from "./entry.worker";

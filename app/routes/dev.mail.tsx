import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/layout/page-shell";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { listOutbox } from "~/models/mail.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Outbox (development)")) }));

/** Development only: the mail the app would have sent. Production answers 404. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { db, config } = context;
  if (config.isProduction) throw new Response("Not Found", { status: 404 });
  return { messages: await listOutbox(db) };
}

export default function DevMailPage() {
  const { messages } = useLoaderData<typeof loader>();
  const t = useT();
  const locale = useLocale();
  return (
    <PageShell title={t("Outbox")} subtitle={t("Mail sent while running locally. It is never delivered.")}>
      {messages.length === 0 ? (
        <p className="text-ink-muted">{t("No mail yet.")}</p>
      ) : (
        <ul className="space-y-3">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-border bg-surface p-4">
              <p className="text-ink-muted text-sm">
                {t("To {address} · {time}", {
                  address: message.to,
                  time: new Date(message.createdAt).toLocaleString(locale),
                })}
              </p>
              <h2 className="font-semibold">{message.subject}</h2>
              {message.link ? (
                <a href={message.link} className="break-all font-semibold text-primary-strong underline">
                  {message.link}
                </a>
              ) : null}
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{message.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}

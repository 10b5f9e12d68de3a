import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { ScrollText, SearchX } from "lucide-react";
import { EmptyState } from "~/components/layout/empty-state";
import { PageShell } from "~/components/layout/page-shell";
import { LogEntry } from "~/components/moderation/log-entry";
import { ModerationSearch } from "~/components/moderation/moderation-nav";
import { ModerationPlaceTabs } from "~/components/moderation/queue-frame";
import { LoadMore } from "~/components/paging/load-more";
import { type KeysetPage, useKeysetPages } from "~/components/paging/use-keyset-pages";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { logQuerySchema } from "~/lib/schemas/moderation-log";
import { type LogItem, listLog } from "~/models/audit.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Moderation log"), t("Moderation")) }];
};

/** The log newest first, searched by ?q=; 'Load more' reads the page after ?cursor= here too (ADR 047). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const query = logQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q: query.q, page: await listLog(context.db, query) };
}

export default function ModerationLogPage() {
  const { q, page } = useLoaderData<typeof loader>();
  const t = useT();
  const paging = useKeysetPages(page, { pageOf: (data: { page: KeysetPage<LogItem> }) => data.page });
  return (
    <PageShell
      title={t("Moderation log")}
      subtitle={t("Every moderation decision, newest first: who decided what, about whom, and why.")}
    >
      <ModerationPlaceTabs current="/moderation/log" />
      <ModerationSearch
        action="/moderation/log"
        label={t("Search the moderation log")}
        field={t("Moderator, person or subject")}
        q={q}
      />
      {q ? (
        <Link
          to="/moderation/log"
          className="mt-3 inline-block font-semibold text-primary-strong text-sm underline"
        >
          {t("Clear search")}
        </Link>
      ) : null}
      <div className="mt-6">
        {paging.items.length === 0 ? (
          q ? (
            <EmptyState
              icon={SearchX}
              title={t("No matching decisions")}
              text={t('No decision in the log matches "{q}".', { q })}
            />
          ) : (
            <EmptyState
              icon={ScrollText}
              title={t("No decisions yet")}
              text={t("Each moderation decision will be listed here, with who made it and why.")}
            />
          )
        ) : (
          <>
            <ol aria-label={t("Moderation log")} className="space-y-3">
              {paging.items.map((entry) => (
                <li key={entry.id}>
                  <LogEntry entry={entry} />
                </li>
              ))}
            </ol>
            <LoadMore paging={paging} />
          </>
        )}
      </div>
    </PageShell>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { FaqList } from "~/components/faq-list";
import { PillButton } from "~/components/form/pill";
import { PageShell } from "~/components/layout/page-shell";
import { TitledSection } from "~/components/layout/titled-section";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { faqWithCounts } from "~/lib/rules/faq";
import { articleTexts, HELP_ARTICLES, HELP_SEARCH_MAX, searchHelp } from "~/lib/rules/help-articles";
import { countTrails } from "~/models/food-trail/food-trail.server";

/** ?q= filters the page as it is rendered, so the search works before (and without) JavaScript too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, HELP_SEARCH_MAX);
  return { q, articles: HELP_ARTICLES, faq: faqWithCounts({ trails: await countTrails(context.db) }) };
}

export const meta = pageMeta((t) => ({ title: pageTitle(t("Help Center")) }));

export default function HelpPage() {
  const { q, articles, faq } = useLoaderData<typeof loader>();
  const t = useT();
  const [query, setQuery] = useState(q);
  // A search sent as a link or with the form's button shows what its address says.
  useEffect(() => setQuery(q), [q]);
  const shownArticles = searchHelp(articles, query, articleTexts, t);
  const shownFaq = searchHelp(faq, query, (item) => [item.question, item.answer], t);
  const nothing = shownArticles.length === 0 && shownFaq.length === 0;

  return (
    <PageShell title={t("Help Center")} subtitle={t("Answers to the questions people ask us most")}>
      <Form
        method="get"
        role="search"
        aria-label={t("Search help")}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="help-search" className="block font-medium text-sm">
            {t("Search help articles")}
          </label>
          <input
            id="help-search"
            name="q"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={HELP_SEARCH_MAX}
            aria-describedby="help-results"
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2"
          />
        </div>
        <PillButton icon={Search} label={t("Search")} />
      </Form>

      <p id="help-results" role="status" className="mt-3 text-ink-muted text-sm">
        {nothing
          ? t('No articles match "{q}".', { q: query.trim() })
          : query.trim()
            ? t('{count, plural, one {# article} other {# articles}} match "{q}"', {
                count: shownArticles.length + shownFaq.length,
                q: query.trim(),
              })
            : null}
      </p>

      {shownArticles.length > 0 ? (
        <nav aria-label={t("Help articles")} className="mt-4">
          <ul className="flex flex-wrap gap-2 text-sm">
            {shownArticles.map((article) => (
              <li key={article.id}>
                <a
                  href={`#${article.id}`}
                  className="inline-flex rounded-full border border-border px-3 py-1 font-semibold hover:bg-surface-muted"
                >
                  {t(article.title)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="mt-6 space-y-6">
        {shownArticles.map((article) => (
          <article
            key={article.id}
            id={article.id}
            aria-labelledby={`${article.id}-title`}
            className="scroll-mt-20 rounded-xl border border-border bg-surface p-5"
          >
            <h2 id={`${article.id}-title`} className="font-bold text-lg">
              {t(article.title)}
            </h2>
            <div className="mt-2 space-y-2 leading-relaxed">
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph}>{t(paragraph)}</p>
              ))}
            </div>
            <Link
              to={article.link.to}
              className="mt-3 inline-block font-semibold text-primary-strong underline"
            >
              {t(article.link.label)}
            </Link>
          </article>
        ))}
      </div>

      {shownFaq.length > 0 ? (
        <TitledSection
          id="faq"
          title={t("Frequently asked questions")}
          className="mt-10"
          titleClassName="scroll-mt-20 font-bold text-xl"
        >
          <div className="mt-3">
            <FaqList items={shownFaq} />
          </div>
        </TitledSection>
      ) : null}

      <p className="mt-6 text-ink-muted">
        <Sentence
          text={t("Still stuck? {contact} and we reply within 24 hours.", { contact: slot("contact") })}
          parts={{
            contact: (
              <Link to="/contact" className="font-semibold text-primary-strong underline">
                {t("Contact us")}
              </Link>
            ),
          }}
        />
      </p>
    </PageShell>
  );
}

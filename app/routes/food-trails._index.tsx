import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { TrailListSection } from "~/components/food-trail/trail-list-section";
import { PageTitle } from "~/components/layout/page-shell";
import { useT } from "~/components/use-t";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { listTrails } from "~/models/food-trail/food-trail.server";

export const meta = pageMeta((t) => ({
  title: pageTitle(t("Food Trails")),
  description: t(
    "Walks through several street-food stalls in Bangalore and Delhi, each open when you get there.",
  ),
}));

const FIRST_PAGE = 6;

/** The page's lists in the order shown; a visitor has no trails of their own, so no Yours. */
const TRAIL_LISTS = [
  { id: "curated", list: "curated", title: msg("Curated"), empty: msg("No curated trails yet.") },
  {
    id: "popular",
    list: "popular",
    title: msg("Popular"),
    empty: msg("No community trails yet: be the first to create one."),
  },
  {
    id: "yours",
    list: "mine",
    title: msg("Your trails"),
    empty: msg("You have not made a trail yet. Pick stalls on My Food Trail or create one here."),
  },
] as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const { db } = context;
  const viewer = await context.viewer();
  const now = new Date();
  const viewerId = viewer?.id ?? null;
  const [curated, popular, mine] = await Promise.all([
    listTrails(db, viewerId, { list: "curated", limit: FIRST_PAGE }, now),
    listTrails(db, viewerId, { list: "popular", limit: FIRST_PAGE }, now),
    viewerId ? listTrails(db, viewerId, { list: "mine", limit: FIRST_PAGE }, now) : null,
  ]);
  return { curated, popular, mine };
}

export default function FoodTrailsPage() {
  const pages = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle title={t("Food Trails")} subtitle={t("Curated routes through several stalls")} />
        </div>
        <Link
          to="/food-trails/new"
          className="inline-flex items-center justify-center gap-2 self-start rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground sm:self-auto"
        >
          <Plus aria-hidden="true" className="size-5" /> {t("Create a trail")}
        </Link>
      </div>
      {TRAIL_LISTS.map(({ id, list, title, empty }) => {
        const first = pages[list];
        return first ? (
          <TrailListSection key={id} id={id} title={t(title)} list={list} first={first} empty={t(empty)} />
        ) : null;
      })}
    </div>
  );
}

import { Link } from "@remix-run/react";
import { Plus, Route } from "lucide-react";
import { useT } from "~/components/use-t";

/**
 * A stall page's 'Add to a trail': a disclosure listing the viewer's own trails (the stall joins the end of the one
 * picked, in its editor) and a new trail starting with this stall.
 */
export function AddToTrailMenu({
  stallId,
  trails,
}: {
  stallId: string;
  trails: { id: string; title: string; stop_count: number }[];
}) {
  const t = useT();
  const item = "flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-surface-muted";
  return (
    <details className="relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold marker:hidden">
        <Route aria-hidden="true" className="size-4" /> {t("Add to a trail")}
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-surface p-2 shadow-lg">
        <ul>
          <li>
            <Link to={`/food-trails/new?stalls=${stallId}`} className={`${item} font-semibold`}>
              <Plus aria-hidden="true" className="size-4 text-primary" /> {t("New trail")}
            </Link>
          </li>
          {trails.map((trail) => (
            <li key={trail.id}>
              <Link to={`/food-trails/${trail.id}/edit?add=${stallId}`} className={item}>
                <span className="min-w-0 flex-1 truncate">{trail.title}</span>
                <span className="shrink-0 text-ink-muted text-xs">
                  {t("{count, plural, one {# stop} other {# stops}}", { count: trail.stop_count })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

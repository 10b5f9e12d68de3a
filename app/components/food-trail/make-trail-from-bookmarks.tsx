import { Form } from "@remix-run/react";
import { Route } from "lucide-react";
import { useState } from "react";
import { useT } from "~/components/use-t";
import { TRAIL_MAX_STOPS, TRAIL_MIN_STOPS } from "~/lib/rules/trail-limits";

/**
 * My Food Trail's way into the trail editor: tick bookmarked stalls, then 'Make a Food Trail' opens
 * /food-trails/new with them (a plain GET form, so it works before the page's script has loaded too).
 */
export function MakeTrailFromBookmarks({ stalls }: { stalls: { id: string; name: string }[] }) {
  const t = useT();
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  return (
    <details className="mt-6 rounded-xl border border-border bg-surface p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <Route aria-hidden="true" className="size-5 text-primary" />{" "}
        {t("Make a Food Trail from your bookmarks")}
      </summary>
      <Form method="get" action="/food-trails/new" className="mt-3">
        <fieldset>
          <legend className="text-ink-muted text-sm">
            {t("Choose two to twelve stalls. You can order them and add more in the next step.")}
          </legend>
          <ul className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {stalls.map((stall) => {
              const checked = chosen.includes(stall.id);
              return (
                <li key={stall.id}>
                  <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-2 py-1 hover:bg-surface-muted">
                    <input
                      type="checkbox"
                      name="stalls"
                      value={stall.id}
                      checked={checked}
                      disabled={!checked && chosen.length >= TRAIL_MAX_STOPS}
                      onChange={(event) => toggle(stall.id, event.target.checked)}
                      className="size-4 accent-primary"
                    />
                    {stall.name}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={chosen.length < TRAIL_MIN_STOPS}
            className="rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground disabled:opacity-50"
          >
            {t("Make a Food Trail")}
          </button>
          <p aria-live="polite" className="text-ink-muted text-sm">
            {t("{count, plural, one {# stall chosen} other {# stalls chosen}}", { count: chosen.length })}
          </p>
        </div>
      </Form>
    </details>
  );
}

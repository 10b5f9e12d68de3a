import { useT } from "~/components/use-t";
import type { StallDetail } from "~/models/stall/stall.server";

/** The stall page's description and, when it has one, its menu with prices. */
export function StallAbout({ stall }: { stall: Pick<StallDetail, "description" | "menu"> }) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="about" className="rounded-xl border border-border bg-surface p-5">
        <h2 id="about" className="font-bold text-xl">
          {t("About This Place")}
        </h2>
        <p className="mt-2 leading-relaxed">{stall.description || t("Stall information not available")}</p>
      </section>
      {stall.menu.length > 0 ? (
        <section aria-labelledby="menu" className="rounded-xl border border-border bg-surface p-5">
          <h2 id="menu" className="font-bold text-xl">
            {t("Menu")}
          </h2>
          <ul className="mt-3 divide-y divide-border">
            {stall.menu.map((item) => (
              <li key={item.item} className="flex justify-between gap-4 py-2">
                <div>
                  <p className="font-semibold">{item.item}</p>
                  {item.description ? <p className="text-ink-muted text-sm">{item.description}</p> : null}
                </div>
                {item.price !== null ? <p className="shrink-0 font-semibold">₹{item.price}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

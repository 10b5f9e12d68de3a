import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import type { StallDetail } from "~/models/stall/stall.server";

/** The stall page's description and, when it has one, its menu with prices. */
export function StallAbout({ stall }: { stall: Pick<StallDetail, "description" | "menu"> }) {
  const t = useT();
  return (
    <>
      <TitledSection id="about" title={t("About This Place")} look="panel">
        <p className="mt-2 leading-relaxed">{stall.description || t("Stall information not available")}</p>
      </TitledSection>
      {stall.menu.length > 0 ? (
        <TitledSection id="menu" title={t("Menu")} look="panel">
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
        </TitledSection>
      ) : null}
    </>
  );
}

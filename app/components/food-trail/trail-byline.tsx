import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import type { TrailSummary } from "~/lib/schemas/food-trail";

/** Who made a trail: Nukkad for a curated one, else its author, or "a Nukkad member" once the author is gone. */
export function TrailByline({ trail }: { trail: Pick<TrailSummary, "curated" | "author"> }) {
  const t = useT();
  return (
    <span>
      {trail.curated
        ? t("Curated by Nukkad")
        : t("By {name}", { name: trail.author ? authorName(t, trail.author.name) : t("a Nukkad member") })}
    </span>
  );
}

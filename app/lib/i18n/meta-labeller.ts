import { hindiName, type LabelNames } from "~/lib/rules/label";
import { metaTranslator } from "./page-meta";

/** A label (tag, category, cuisine) in the meta, as useLabel shows it on the page (ADR 035). */
export function metaLabeller(matches: readonly { id: string; data?: unknown }[]): (label: string) => string {
  const t = metaTranslator(matches);
  const root = matches.find((match) => match.id === "root")?.data as
    | { labelNames?: LabelNames | null }
    | undefined;
  return (label) => hindiName(root?.labelNames, label) ?? t(label);
}

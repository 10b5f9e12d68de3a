import { useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { hindiName, type LabelNames } from "~/lib/rules/label";
import { useT } from "./use-t";

/**
 * A label as the page's language shows it (ADR 035): on a Hindi page the Hindi name moderators gave it, else the
 * catalogue's (the picker's tags), else the label as stored. Links and filters keep the stored label.
 */
export function useLabel(): (label: string) => string {
  const t = useT();
  const names = useRouteLoaderData<{ labelNames: LabelNames | null }>("root")?.labelNames;
  return useCallback((label: string) => hindiName(names, label) ?? t(label), [names, t]);
}

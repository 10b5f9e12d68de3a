// Labels people see on stalls (categories, tags, cuisines, dishes) are free text in English; their Hindi names are
// data moderators keep (ADR 035), looked up whatever the label's case ("samosa" and "Samosa" are one label).

/** Lower-cased English label -> its Hindi name. */
export type LabelNames = Record<string, string>;

export const labelKey = (label: string) => label.trim().toLowerCase();

/** The Hindi name of `label`, or null when it has none. */
export function hindiName(names: LabelNames | null | undefined, label: string): string | null {
  const key = labelKey(label);
  return names && Object.hasOwn(names, key) ? (names[key] ?? null) : null;
}

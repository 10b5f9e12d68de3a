// In a module of its own: options.ts is in a chunk every page loads, and only the pages that read a choice from
// their URL need this.

/** The choice of `choices` that `value` (a URL parameter, say) names, else `fallback`. */
export function choiceOf<Value extends string>(
  choices: readonly { value: Value }[],
  value: string | null,
  fallback: Value,
): Value {
  return choices.find((choice) => choice.value === value)?.value ?? fallback;
}

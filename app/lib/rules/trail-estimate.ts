// How long a food trail takes, in words (issue 18): walking plus the time at each stop, from the trail order.
import { msg } from "~/lib/i18n/translate";

/** The spec's estimate for its three generated picks (section 9), kept wherever the real estimate agrees. */
const SPEC_LOW_MINUTES = 120;
const SPEC_HIGH_MINUTES = 180;

export interface TrailEstimate {
  /** A msg()-marked text; pages show t(message, values). */
  message: string;
  values: Record<string, number>;
}

/**
 * 'About 45 min', 'About 2 h', 'About 2 h 10 min'. A generated three-stop trail keeps the spec's 'Estimated time:
 * 2-3 hours' from 120 to 180 minutes, both included, and otherwise says the whole hours it falls between
 * ('Estimated time: 1-2 hours' for 119 minutes, '3-4 hours' for 181); under an hour it too says the minutes.
 */
export function trailEstimate(
  totalMinutes: number,
  options: { generatedThreeStops: boolean },
): TrailEstimate {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  if (options.generatedThreeStops && hours >= 1) {
    if (minutes >= SPEC_LOW_MINUTES && minutes <= SPEC_HIGH_MINUTES) {
      return { message: msg("Estimated time: 2-3 hours"), values: {} };
    }
    // The upper bound is at least 2, so "hours" is always the right word.
    return { message: msg("Estimated time: {low}-{high} hours"), values: { low: hours, high: hours + 1 } };
  }
  const rest = minutes % 60;
  if (hours === 0) return { message: msg("About {minutes} min"), values: { minutes } };
  if (rest === 0) return { message: msg("About {hours} h"), values: { hours } };
  return { message: msg("About {hours} h {minutes} min"), values: { hours, minutes: rest } };
}

/** The estimate in English words, for the API's estimate_text. */
export function trailEstimateText(totalMinutes: number, options: { generatedThreeStops: boolean }): string {
  const { message, values } = trailEstimate(totalMinutes, options);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

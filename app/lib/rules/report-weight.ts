// How much one report weighs toward hiding what it reports before a moderator looks (ADR 051): a report only counts
// from a confirmed e-mail, a reporter whose reports moderators keep dismissing counts for less, and a trusted
// member's report counts for more. What many weighty reports flag is hidden pending review.
import type { TrustLevel } from "./trust-level";

export const REPORT_WEIGHTS = {
  /** A confirmed reporter's report. */
  normal: 1,
  /** A reporter at trust level 2. */
  trusted: 1.5,
  /** A reporter with `dismissed.of` or more of their last `dismissed.last` decided reports dismissed. */
  doubted: 0.5,
  dismissed: { of: 3, last: 5 },
} as const;

export interface ReporterStanding {
  emailConfirmed: boolean;
  trustLevel: TrustLevel;
  /** The decisions on their decided reports, newest first (at least the last `dismissed.last`). */
  recentDecisions: readonly string[];
}

/** One report's weight: 0 without a confirmed e-mail; doubt outweighs trust. */
export function reportWeight({ emailConfirmed, trustLevel, recentDecisions }: ReporterStanding): number {
  if (!emailConfirmed) return 0;
  const { dismissed } = REPORT_WEIGHTS;
  const kept = recentDecisions.slice(0, dismissed.last).filter((decision) => decision === "keep").length;
  if (kept >= dismissed.of) return REPORT_WEIGHTS.doubted;
  return trustLevel === 2 ? REPORT_WEIGHTS.trusted : REPORT_WEIGHTS.normal;
}

/** Whether the open reports of one subject, by their reporters' standing, weigh enough to hide it for review. */
export function weighsEnoughToHide(reporters: readonly ReporterStanding[], threshold: number): boolean {
  return reporters.reduce((sum, reporter) => sum + reportWeight(reporter), 0) >= threshold;
}

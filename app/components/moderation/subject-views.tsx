import type { ComponentType } from "react";
import type { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import {
  type ReportDecision,
  type ReportSubjectType,
  reportText,
  TRAIL_REPORT_REASONS,
} from "~/lib/schemas/moderation-fields";
import type { OpenReport, ReportPreviews } from "~/models/report/report.server";
import type { DecisionLook } from "./decision-button";
import {
  PersonPreview,
  PostPreview,
  postLabel,
  ReelPreview,
  ReviewPreview,
  StallReportPreview,
  TrailPreview,
} from "./report-previews";

// The UI side of the report adapters (app/models/report/): how each subject type shows in the queue's one list and
// the Hidden tab. This registry is the one place in the queue's UI that maps a subject type to how it looks.

type Translate = ReturnType<typeof useT>;

export interface SubjectView<Preview> {
  Preview: ComponentType<{ preview: Preview; at: number }>;
  /** The item's name, which its article is read out by. */
  label(preview: Preview, t: Translate): string;
  /** What its decisions are about, read out after each button and asked about in a confirmation. */
  subject(preview: Preview, t: Translate): string;
  /** How each open report reads; null where the preview shows its one report itself (a stall's). */
  reportText: ((report: OpenReport, t: Translate) => string) | null;
  /** How its decisions' buttons read. */
  decisions: Partial<Record<ReportDecision, DecisionLook>>;
}

/** A report in the reporter's own words (posts, comments, reels, reviews), or a chosen reason by its label. */
const inWords = (report: OpenReport, t: Translate) =>
  report.reason === "other" ? report.details : reportText(report, t);

const KEEP = { label: msg("Keep"), pendingLabel: msg("Keeping..."), tone: "neutral" } as const;
const DISMISS = { label: msg("Dismiss"), pendingLabel: msg("Dismissing..."), tone: "neutral" } as const;
const HIDE = (label: string) => ({ label, pendingLabel: msg("Hiding..."), tone: "reject" }) as const;

const postView: SubjectView<ReportPreviews["post"]> = {
  Preview: PostPreview,
  label: postLabel,
  subject: postLabel,
  reportText: inWords,
  decisions: { hide: HIDE(msg("Hide post")), keep: DISMISS },
};

const VIEWS: { [T in ReportSubjectType]: SubjectView<ReportPreviews[T]> } = {
  stall: {
    Preview: StallReportPreview,
    label: (report, t) => t("Report on {stall}", { stall: report.stall.name }),
    subject: (report) => report.stall.name,
    reportText: null,
    decisions: {
      keep: { label: msg("Resolve"), pendingLabel: msg("Resolving..."), tone: "neutral" },
      remove: {
        label: msg("Remove stall"),
        pendingLabel: msg("Removing..."),
        tone: "reject",
        confirm: msg('Remove "{stallName}" and its photos for good?'),
      },
    },
  },
  review: {
    Preview: ReviewPreview,
    label: (review, t) =>
      t("Review of {stall} by {name}", { stall: review.stallName, name: review.author.name }),
    subject: (review) => review.stallName,
    reportText: inWords,
    decisions: {
      keep: DISMISS,
      remove: { label: msg("Remove review"), pendingLabel: msg("Removing..."), tone: "reject" },
    },
  },
  post: postView,
  comment: { ...postView, decisions: { hide: HIDE(msg("Hide comment")), keep: DISMISS } },
  reel: {
    Preview: ReelPreview,
    label: ({ reel }, t) => t("Reel of {name}", { name: reel.stall.name }),
    subject: ({ reel }) => reel.stall.name,
    reportText: inWords,
    decisions: {
      remove: {
        label: msg("Remove reel"),
        pendingLabel: msg("Removing..."),
        tone: "reject",
        confirm: msg('Remove this reel of "{stallName}" for good?'),
      },
      keep: KEEP,
    },
  },
  trail: {
    Preview: TrailPreview,
    label: ({ trail }) => trail.title,
    subject: ({ trail }) => trail.title,
    reportText: (report, t) => reportText(report, t, TRAIL_REPORT_REASONS),
    decisions: { hide: HIDE(msg("Hide trail")), keep: KEEP },
  },
  person: {
    Preview: PersonPreview,
    label: (person) => person.name,
    subject: (person) => person.name,
    reportText: (report, t) => reportText(report, t),
    decisions: { keep: KEEP },
  },
};

/** How a subject type shows in the queue. */
export const viewOf = (type: ReportSubjectType) => VIEWS[type] as unknown as SubjectView<unknown>;

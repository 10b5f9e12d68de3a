import { Check, EyeOff, RotateCcw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { formSchema } from "~/components/form/form-schema";
import type { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { DecisionReason } from "~/lib/schemas/moderation";
import { HIDE_REASON_MAX, REJECTION_REASON_MAX, type ReportDecision } from "~/lib/schemas/moderation-fields";
import type { DecisionLook } from "./decision-button";
import { OneClickDecision, ReasonDecision } from "./decision-forms";

const ICONS: Record<ReportDecision, ReactNode> = {
  keep: <Check aria-hidden="true" className="size-4" />,
  hide: <EyeOff aria-hidden="true" className="size-4" />,
  remove: <Trash2 aria-hidden="true" className="size-4" />,
};

/** A decision's form with a reason, checked in the browser by its rule, as `decideReport` checks it. */
const REASON_DECISION_FORMS = {
  hide: formSchema(() => import("~/lib/schemas/moderation"), "hideDecisionSchema"),
  removal: formSchema(() => import("~/lib/schemas/moderation"), "removalDecisionSchema"),
} satisfies Record<DecisionReason, unknown>;

/** The field of a decision's reason, by its rule: why it is hidden, why a reel was removed. */
const REASONS: Record<DecisionReason, { label: string; max: number }> = {
  hide: { label: msg("Reason for hiding (shown to the author)"), max: HIDE_REASON_MAX },
  removal: { label: msg("Reason for removal (shown to the author)"), max: REJECTION_REASON_MAX },
};

/**
 * The one decision form of every report tab: the decisions a queue item offers (keep, hide with a reason, remove),
 * each posting `decide-report` with the item's report, the decision and its reason, looking as `looks` says.
 */
export function ReportDecisions({
  fetcher,
  report,
  offers,
  looks,
  subject,
}: {
  fetcher: ReturnType<typeof useActionFetcher>;
  report: number;
  offers: { decision: ReportDecision; reason: DecisionReason | null }[];
  looks: Partial<Record<ReportDecision, DecisionLook>>;
  subject: string;
}) {
  const t = useT();
  return offers.map(({ decision, reason }) => {
    const look = looks[decision];
    if (!look) return null;
    const decide = {
      fetcher,
      look,
      fields: { intent: "decide-report", report, decision },
      icon: ICONS[decision],
      subject,
    };
    return reason ? (
      <ReasonDecision
        key={decision}
        {...decide}
        formId={`decide-${report}-${decision}`}
        schema={REASON_DECISION_FORMS[reason]}
        label={t(REASONS[reason].label)}
        maxLength={REASONS[reason].max}
      />
    ) : (
      <OneClickDecision key={decision} {...decide} />
    );
  });
}

const RESTORE = { label: msg("Restore"), pendingLabel: msg("Restoring..."), tone: "approve" } as const;

/** Restore on a hidden subject: it is shown to everyone again, and its author's hidden notice goes. */
export function RestoreDecision({
  fetcher,
  type,
  id,
  subject,
}: {
  fetcher: ReturnType<typeof useActionFetcher>;
  type: string;
  id: string;
  subject: string;
}) {
  return (
    <OneClickDecision
      fetcher={fetcher}
      look={RESTORE}
      fields={{ intent: "restore", subject_type: type, subject_id: id }}
      icon={<RotateCcw aria-hidden="true" className="size-4" />}
      subject={subject}
    />
  );
}

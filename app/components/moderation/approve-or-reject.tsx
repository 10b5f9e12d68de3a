import { Check, X } from "lucide-react";
import { formSchema } from "~/components/form/form-schema";
import { REJECTION_REASON_MAX } from "~/lib/schemas/moderation-fields";
import { SUBMISSION_DECISIONS } from "./decision-button";
import { type DecisionProps, OneClickDecision, ReasonDecision } from "./decision-forms";

// Apart from decision-forms: the reason's schema brings zod, which the report tabs' pages do not load (ADR 016).

const moderationActionForm = formSchema(() => import("~/lib/schemas/moderation"), "moderationActionSchema");

/**
 * A new stall's, reel's or held post's two decisions: Approve in one press (it goes public), or Reject with the reason its
 * submitter will read. The form posts `approve-<kind>` or `reject-<kind>` with the item's id as `<kind>`.
 */
export function ApproveOrReject({
  fetcher,
  kind,
  id,
  formId,
  reasonLabel,
  subject,
}: {
  fetcher: DecisionProps["fetcher"];
  kind: "stall" | "reel" | "post";
  id: string;
  formId: string;
  reasonLabel: string;
  subject: string;
}) {
  return (
    <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
      <OneClickDecision
        fetcher={fetcher}
        look={SUBMISSION_DECISIONS[`approve-${kind}`]}
        fields={{ intent: `approve-${kind}`, [kind]: id }}
        icon={<Check aria-hidden="true" className="size-4" />}
        subject={subject}
      />
      <ReasonDecision
        fetcher={fetcher}
        formId={formId}
        look={SUBMISSION_DECISIONS[`reject-${kind}`]}
        fields={{ intent: `reject-${kind}`, [kind]: id }}
        schema={moderationActionForm}
        label={reasonLabel}
        maxLength={REJECTION_REASON_MAX}
        icon={<X aria-hidden="true" className="size-4" />}
        subject={subject}
      />
    </div>
  );
}

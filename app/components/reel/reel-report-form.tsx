import { formSchema } from "~/components/form/form-schema";
import { ReasonReportForm } from "~/components/form/reason-report-form";
import { REEL_ACTION, REEL_INTENTS } from "./reel-actions";

export interface ReelReportFormProps {
  reelId: string;
  onSent: () => void;
}

const reelReportForm = formSchema(() => import("~/lib/schemas/reels"), "reelReportSchema");

/** Why a reel is reported (required), sent once per fill of the form. Downloaded when a report dialog first opens. */
export function ReelReportForm({ reelId, onSent }: ReelReportFormProps) {
  return (
    <ReasonReportForm
      schema={reelReportForm}
      formId={`report-reel-${reelId}`}
      action={REEL_ACTION}
      target={{ intent: REEL_INTENTS.report, reelId }}
      onSent={onSent}
    />
  );
}

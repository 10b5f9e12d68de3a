import { ReasonReportForm } from "~/components/form/reason-report-form";
import { postReportSchema } from "~/lib/schemas/community";
import { COMMUNITY_ACTION, INTENTS } from "./community-actions";

export interface ReportFormProps {
  postId: string;
  /** A comment of the post, when it is the comment that is reported. */
  commentId?: number;
  onSent: () => void;
}

/** Why a post or comment is reported (required), sent once per fill of the form. */
export function ReportForm({ postId, commentId, onSent }: ReportFormProps) {
  return (
    <ReasonReportForm
      schema={postReportSchema}
      formId={`report-${postId}-${commentId ?? "post"}`}
      action={COMMUNITY_ACTION}
      target={{ intent: INTENTS.report, postId, ...(commentId === undefined ? {} : { commentId }) }}
      onSent={onSent}
    />
  );
}

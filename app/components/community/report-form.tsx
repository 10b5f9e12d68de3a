import { formSchema } from "~/components/form/form-schema";
import { ReasonReportForm } from "~/components/form/reason-report-form";
import { COMMUNITY_ACTION, INTENTS } from "./community-actions";

export interface ReportFormProps {
  postId: string;
  /** A comment of the post, when it is the comment that is reported. */
  commentId?: number;
  onSent: () => void;
}

const postReportForm = formSchema(() => import("~/lib/schemas/community"), "postReportSchema");

/** Why a post or comment is reported (required), sent once per fill of the form. */
export function ReportForm({ postId, commentId, onSent }: ReportFormProps) {
  return (
    <ReasonReportForm
      schema={postReportForm}
      formId={`report-${postId}-${commentId ?? "post"}`}
      action={COMMUNITY_ACTION}
      target={{ intent: INTENTS.report, postId, ...(commentId === undefined ? {} : { commentId }) }}
      onSent={onSent}
    />
  );
}

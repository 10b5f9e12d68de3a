import { getFormProps } from "@conform-to/react";
import { TextAreaField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/pending-button";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { useT } from "~/components/use-t";
import { postReportSchema, REPORT_REASON_MAX_LENGTH } from "~/lib/schemas/community";
import { COMMUNITY_ACTION, INTENTS } from "./community-actions";

export interface ReportFormProps {
  postId: string;
  /** A comment of the post, when it is the comment that is reported. */
  commentId?: number;
  onSent: () => void;
}

/** Why a post or comment is reported (required), sent once per fill of the form. */
export function ReportForm({ postId, commentId, onSent }: ReportFormProps) {
  const t = useT();
  const { form, fields, sending } = useOncePerFillForm(postReportSchema, {
    id: `report-${postId}-${commentId ?? "post"}`,
    action: COMMUNITY_ACTION,
    failure: (message) => t("Could not send the report: {message}", { message }),
    onSent,
  });
  return (
    <form {...getFormProps(form)} method="post" action={COMMUNITY_ACTION}>
      <input type="hidden" name="intent" value={INTENTS.report} />
      <input type="hidden" name="postId" value={postId} />
      {commentId === undefined ? null : <input type="hidden" name="commentId" value={commentId} />}
      <fieldset disabled={sending} className="space-y-4">
        <TextAreaField
          label={t("What is wrong?")}
          meta={fields.reason}
          rows={4}
          maxLength={REPORT_REASON_MAX_LENGTH}
          required
        />
        <SubmitButton pending={sending} pendingLabel={t("Sending...")}>
          {t("Send Report")}
        </SubmitButton>
      </fieldset>
    </form>
  );
}

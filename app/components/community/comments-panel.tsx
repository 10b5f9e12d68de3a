import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CharacterCount, ComposerTextArea, FieldError } from "~/components/form/field";
import { formSchema } from "~/components/form/form-schema";
import { PendingButton } from "~/components/form/pending-button";
import { CancelButton } from "~/components/form/pill";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useOncePerFillForm } from "~/components/form/use-once-per-fill-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { COMMENT_MAX_LENGTH, type CommentView } from "~/lib/schemas/community";
import { AuthorName } from "./author";
import { COMMUNITY_ACTION, type CommentsAnswer, commentsUrl, INTENTS } from "./community-actions";
import { Modal } from "./modal";
import { PostText } from "./post-text";
import { PostTime } from "./post-time";
import { ReportForm } from "./report-form";

const commentForm = formSchema(() => import("~/lib/schemas/community"), "commentSchema");

/**
 * A post's comments, threaded one level: each top-level comment with its replies, oldest first. Signed-in readers
 * write, reply, and edit or delete their own, and report others'; each write reads the comments again.
 */
export default function CommentsPanel({
  postId,
  signedIn,
  onCountChange,
}: {
  postId: string;
  signedIn: boolean;
  /** The number of comments and replies, whenever it is read again. */
  onCountChange: (count: number) => void;
}) {
  const t = useT();
  const list = useFetcher<CommentsAnswer>();
  const reload = () => list.load(commentsUrl(postId));
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when opened; writes read again.
  useEffect(reload, [postId]);
  const comments = list.data?.comments;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per reading.
  useEffect(() => {
    if (comments) onCountChange(comments.reduce((sum, comment) => sum + 1 + comment.replies.length, 0));
  }, [comments]);
  return (
    <section aria-label={t("Comments")} className="mt-3 space-y-3 border-border border-t pt-3">
      {comments === undefined ? (
        <p role="status" className="flex items-center gap-2 text-ink-muted text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t("Loading comments...")}
        </p>
      ) : comments.length === 0 ? (
        <p className="text-ink-muted text-sm">{t("No comments yet. Be the first!")}</p>
      ) : (
        <ul className="space-y-3">
          {comments.map((comment) => (
            <li key={comment.id}>
              <Comment comment={comment} postId={postId} signedIn={signedIn} onChanged={reload} />
              {comment.replies.length > 0 ? (
                <ul className="mt-2 ml-6 space-y-2 border-border border-l-2 pl-3">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <Comment comment={reply} postId={postId} signedIn={signedIn} onChanged={reload} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {signedIn ? (
        <CommentForm postId={postId} onDone={reload} />
      ) : (
        <p className="text-sm">
          <SignInLink back={`/feed?post=${postId}`} className="font-semibold text-primary-strong underline">
            {t("Sign in to comment")}
          </SignInLink>
        </p>
      )}
    </section>
  );
}

function Comment({
  comment,
  postId,
  signedIn,
  onChanged,
}: {
  comment: CommentView;
  postId: string;
  signedIn: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const [mode, setMode] = useState<"read" | "edit" | "reply" | "delete">("read");
  const report = useRef<HTMLDialogElement>(null);
  const [reporting, setReporting] = useState(false);
  const remove = useActionFetcher({ onSuccess: onChanged });
  const { author } = comment;
  const small =
    "min-h-9 rounded-full px-2 font-semibold text-ink-muted text-xs hover:bg-surface-muted hover:text-ink";
  return (
    <div className="flex gap-2">
      <UserAvatar name={author.name} url={author.avatar_url} className="size-8 text-xs" />
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-surface-muted px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <AuthorName author={author} />
            <PostTime at={comment.created_at} className="text-ink-muted text-xs" />
            {comment.updated_at ? <span className="text-ink-muted text-xs">{t("(edited)")}</span> : null}
          </p>
          {mode === "edit" ? (
            <CommentForm
              postId={postId}
              comment={comment}
              onDone={() => {
                setMode("read");
                onChanged();
              }}
              onCancel={() => setMode("read")}
            />
          ) : (
            <PostText text={comment.text} className="text-sm" />
          )}
        </div>
        {signedIn && mode !== "edit" ? (
          <div className="mt-0.5 flex flex-wrap items-center gap-1">
            {comment.parent_id === null ? (
              <button type="button" onClick={() => setMode("reply")} className={small}>
                {t("Reply")}
              </button>
            ) : null}
            {comment.mine ? (
              mode === "delete" ? (
                <>
                  <span className="text-xs">{t("Delete this comment?")}</span>
                  <PendingButton
                    pending={remove.state !== "idle"}
                    pendingLabel={t("Deleting...")}
                    onClick={() =>
                      remove.submit(
                        { intent: INTENTS.deleteComment, commentId: String(comment.id) },
                        { method: "post", action: COMMUNITY_ACTION },
                      )
                    }
                    className={`${small} text-closed`}
                  >
                    {t("Delete")}
                  </PendingButton>
                  <button type="button" onClick={() => setMode("read")} className={small}>
                    {t("Cancel")}
                  </button>
                </>
              ) : (
                <>
                  <button type="button" onClick={() => setMode("edit")} className={small}>
                    {t("Edit")}
                  </button>
                  <button type="button" onClick={() => setMode("delete")} className={small}>
                    {t("Delete")}
                  </button>
                </>
              )
            ) : (
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => {
                  setReporting(true);
                  report.current?.showModal();
                }}
                className={small}
              >
                {t("Report")}
              </button>
            )}
          </div>
        ) : null}
        {mode === "reply" ? (
          <div className="mt-2">
            <CommentForm
              postId={postId}
              parentId={comment.id}
              onDone={() => {
                setMode("read");
                onChanged();
              }}
              onCancel={() => setMode("read")}
            />
          </div>
        ) : null}
        {comment.mine ? null : (
          <Modal
            ref={report}
            title={t("Report this comment")}
            description={t("Tell the moderators what is wrong.")}
          >
            {reporting ? (
              <ReportForm postId={postId} commentId={comment.id} onSent={() => report.current?.close()} />
            ) : null}
          </Modal>
        )}
      </div>
    </div>
  );
}

/** A new comment, a reply (parentId) or an edit of one's own (comment), up to 500 characters. */
function CommentForm({
  postId,
  parentId,
  comment,
  onDone,
  onCancel,
}: {
  postId: string;
  parentId?: number;
  comment?: CommentView;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [length, setLength] = useState(comment?.text.length ?? 0);
  const { form, fields, sending } = useOncePerFillForm(commentForm, {
    id: `comment-${postId}-${comment?.id ?? `new-${parentId ?? "top"}`}`,
    action: COMMUNITY_ACTION,
    defaultValue: { text: comment?.text ?? "" },
    onSent: () => {
      setLength(0);
      onDone();
    },
  });
  const label = comment ? t("Edit your comment") : parentId ? t("Write a reply") : t("Write a comment");
  return (
    <form {...getFormProps(form)} method="post" action={COMMUNITY_ACTION} className="mt-1">
      <input type="hidden" name="intent" value={comment ? INTENTS.updateComment : INTENTS.addComment} />
      <input type="hidden" name="postId" value={postId} />
      {comment ? <input type="hidden" name="commentId" value={comment.id} /> : null}
      {parentId ? <input type="hidden" name="parent_id" value={parentId} /> : null}
      <fieldset disabled={sending}>
        <ComposerTextArea
          label={label}
          meta={fields.text}
          onLength={setLength}
          defaultValue={comment?.text ?? ""}
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={label}
          className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm aria-[invalid]:border-closed"
        />
        <FieldError id={fields.text.errorId} errors={fields.text.errors} />
        <div className="mt-1 flex items-center justify-between gap-2">
          <CharacterCount length={length} max={COMMENT_MAX_LENGTH} />
          <div className="flex gap-2">
            {onCancel ? <CancelButton onClick={onCancel} size="touch" /> : null}
            <PendingButton
              type="submit"
              pending={sending}
              pendingLabel={t("Sending...")}
              className="min-h-9 rounded-full bg-primary px-4 font-semibold text-primary-foreground text-sm disabled:opacity-60"
            >
              {comment ? t("Save") : parentId ? t("Reply") : t("Comment")}
            </PendingButton>
          </div>
        </div>
      </fieldset>
    </form>
  );
}

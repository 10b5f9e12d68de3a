import { Flag, Pencil, Trash2 } from "lucide-react";
import { type RefObject, Suspense } from "react";
import { FormOpener } from "~/components/form/form-opener";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { BlockMuteActions } from "./block-mute";
import { COMMUNITY_ACTION, INTENTS } from "./community-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { Modal } from "./modal";
import type { ReportFormProps } from "./report-form";
import { useSignInGate } from "./sign-in-gate";

// The report form (conform, zod and its schema) downloads when someone first opens a report dialog.
const reportForm = lazyForm<ReportFormProps>(() =>
  import("./report-form").then((module) => module.ReportForm),
);

/** A post's menu: the post, whose it is, and what the card does after an edit, a delete, a block or a mute. */
export interface PostMenuProps {
  postId: string;
  mine: boolean;
  author: { username: string | null; name: string };
  onEdit: () => void;
  onDeleted: () => void;
  onAuthorKeptAway: () => void;
}

/** What the menu's two halves share: the menu itself, its button, the dialogs and whether a report was begun. */
export interface PostMenuParts {
  menu: RefObject<HTMLDetailsElement | null>;
  summary: RefObject<HTMLElement | null>;
  report: RefObject<HTMLDialogElement | null>;
  confirmDelete: RefObject<HTMLDialogElement | null>;
  reporting: boolean;
  setReporting: (reporting: boolean) => void;
}

/** The open menu's items: Edit and Delete for the post's author; Report, Mute and Block for anyone else. */
export function PostMenuList({
  mine,
  author,
  onEdit,
  onAuthorKeptAway,
  parts: { menu, report, confirmDelete, setReporting },
}: PostMenuProps & { parts: PostMenuParts }) {
  const t = useT();
  const mayWrite = useSignInGate();
  const choose = (then: () => void) => () => {
    if (menu.current) menu.current.open = false;
    then();
  };
  const item = "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-muted";
  return (
    <ul className="absolute right-0 z-20 mt-1 w-44 rounded-xl border border-border bg-surface p-1 shadow-lg">
      {mine ? (
        <>
          <li>
            <button type="button" onClick={choose(onEdit)} className={item}>
              <Pencil aria-hidden="true" className="size-4" /> {t("Edit")}
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={choose(() => confirmDelete.current?.showModal())}
              aria-haspopup="dialog"
              className={`${item} text-closed`}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {t("Delete")}
            </button>
          </li>
        </>
      ) : (
        <li>
          <FormOpener
            preload={reportForm.preload}
            onClick={choose(() => {
              if (!mayWrite()) return;
              setReporting(true);
              report.current?.showModal();
            })}
            aria-haspopup="dialog"
            className={item}
          >
            <Flag aria-hidden="true" className="size-4" /> {t("Report")}
          </FormOpener>
        </li>
      )}
      {!mine && author.username ? (
        <BlockMuteActions
          username={author.username}
          name={author.name}
          blocked={false}
          muted={false}
          look="menu"
          onDone={onAuthorKeptAway}
        />
      ) : null}
    </ul>
  );
}

/** The dialogs the menu opens once it has closed: Delete's confirmation, or the report form. */
export function PostMenuDialogs({
  postId,
  mine,
  onDeleted,
  parts: { summary, report, confirmDelete, reporting },
}: PostMenuProps & { parts: PostMenuParts }) {
  const t = useT();
  const remove = useActionFetcher({ onSuccess: onDeleted });
  return mine ? (
    <ConfirmDialog
      ref={confirmDelete}
      title={t("Delete this post?")}
      description={t("The post, its photos, likes and comments are gone for good.")}
      confirmLabel={t("Delete")}
      pendingLabel={t("Deleting...")}
      pending={remove.state !== "idle"}
      onConfirm={() =>
        remove.submit({ intent: INTENTS.deletePost, postId }, { method: "post", action: COMMUNITY_ACTION })
      }
      onClose={() => summary.current?.focus()}
    />
  ) : (
    <Modal
      ref={report}
      title={t("Report this post")}
      description={t("Tell the moderators what is wrong with this post.")}
      onClose={() => summary.current?.focus()}
    >
      {reporting ? (
        <Suspense fallback={<LoadingForm className="min-h-48" />}>
          <reportForm.Form postId={postId} onSent={() => report.current?.close()} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

import { forwardRef } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { Modal } from "./modal";

/**
 * A modal that asks before something hard to undo (delete a post, block someone): Cancel, and a red confirm button
 * that shows `pendingLabel` while `pending`. The opener calls `showModal()` on the ref.
 */
export const ConfirmDialog = forwardRef<
  HTMLDialogElement,
  {
    title: string;
    description: string;
    confirmLabel: string;
    pendingLabel: string;
    pending: boolean;
    onConfirm: () => void;
    onClose?: () => void;
  }
>(function ConfirmDialog(
  { title, description, confirmLabel, pendingLabel, pending, onConfirm, onClose },
  ref,
) {
  const t = useT();
  return (
    <Modal ref={ref} title={title} description={description} onClose={onClose}>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => (typeof ref === "object" ? ref?.current?.close() : undefined)}
          className="min-h-11 rounded-full border border-border px-5 font-semibold"
        >
          {t("Cancel")}
        </button>
        <PendingButton
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={onConfirm}
          className="min-h-11 rounded-full bg-closed px-5 font-semibold text-white disabled:opacity-60"
        >
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
});

import { X } from "lucide-react";
import { forwardRef, type ReactNode, useId } from "react";
import { useT } from "~/components/use-t";

/**
 * A modal <dialog> with a title and a close button: the browser traps focus inside it and closes it on Escape.
 * The opener calls `showModal()` on the ref; `onClose` is where focus goes back.
 */
export const Modal = forwardRef<
  HTMLDialogElement,
  { title: string; description?: string; onClose?: () => void; wide?: boolean; children: ReactNode }
>(function Modal({ title, description, onClose, wide = false, children }, ref) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const close = () => (typeof ref === "object" ? ref?.current?.close() : undefined);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className={`m-auto ${
        wide ? "w-[min(56rem,calc(100vw-1rem))]" : "w-[min(32rem,calc(100vw-2rem))]"
      } rounded-2xl border border-border bg-surface p-0 text-ink backdrop:bg-black/60`}
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-bold text-xl">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t("Close")}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="mt-1 text-ink-muted text-sm">
            {description}
          </p>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
});

import { useRouteLoaderData } from "@remix-run/react";
import { X } from "lucide-react";
import { forwardRef, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
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

/**
 * A button opening a Modal with a form for signed-in people (the claim, the reports): focus goes back to the button
 * when it closes. Visitors see the spec's 'Please log in first!' with a way to sign in and come back here, instead
 * of the form. The form renders (and its code downloads: `preload` starts that on hover or focus) on the first
 * opening, with `close` to call once it is sent.
 */
export function FormDialog({
  title,
  description,
  preload,
  buttonClass,
  button,
  children,
}: {
  title: string;
  description: string;
  preload: () => void;
  buttonClass: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const t = useT();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={signedIn ? preload : undefined}
        onFocus={signedIn ? preload : undefined}
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
        className={buttonClass}
      >
        {button}
      </button>
      <Modal
        ref={dialog}
        title={title}
        description={signedIn ? description : t("Please log in first!")}
        onClose={() => opener.current?.focus()}
      >
        {signedIn ? (
          opened ? (
            <Suspense fallback={<LoadingForm className="min-h-80" />}>
              {children(() => dialog.current?.close())}
            </Suspense>
          ) : null
        ) : (
          <SignInLink className="inline-block rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground">
            {t("Sign in")}
          </SignInLink>
        )}
      </Modal>
    </>
  );
}

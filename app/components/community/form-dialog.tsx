import { type ReactNode, Suspense, useRef, useState } from "react";
import { FormOpener } from "~/components/form/form-opener";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { Modal } from "./modal";
import { useSignedIn } from "./sign-in-gate";

/**
 * A button that opens a member's form in a modal dialog (a stall's Claim This Stall and Report Issue, a trail's
 * Report): the browser traps focus inside and closes it on Escape, and focus goes back to the button afterwards.
 * Visitors see the spec's 'Please log in first!' with a way to sign in and come back here, instead of the form. The
 * form renders (and its code downloads) on the first opening; the pointer or focus reaching the button starts the
 * download. Without JavaScript no dialog opens, so nothing is lost by not rendering the form on the server.
 */
export function FormDialog({
  title,
  description,
  button,
  className,
  preload,
  children,
}: {
  title: string;
  description: string;
  /** What the opening button shows. */
  button: ReactNode;
  className: string;
  preload: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const t = useT();
  const signedIn = useSignedIn();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <FormOpener
        ref={opener}
        aria-haspopup="dialog"
        preload={signedIn ? preload : undefined}
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
        className={className}
      >
        {button}
      </FormOpener>
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

import { useRouteLoaderData } from "@remix-run/react";
import { type ReactNode, Suspense, useRef, useState } from "react";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { Modal } from "./modal";

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

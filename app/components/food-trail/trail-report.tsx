import { useRouteLoaderData } from "@remix-run/react";
import { Flag } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Modal } from "~/components/community/modal";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import type { TrailReportFormProps } from "./trail-report-form";

// The form (conform, zod and its schema) downloads when someone first opens the dialog.
const reportForm = lazyForm<TrailReportFormProps>(() =>
  import("./trail-report-form").then((module) => module.TrailReportForm),
);

/**
 * Report on someone's trail page: a button opening a modal dialog (focus is trapped inside, Escape closes it, focus
 * returns to the button). Visitors are asked to sign in and come back here instead of seeing the form.
 */
export function TrailReport({
  trailId,
  title,
  className,
}: {
  trailId: string;
  title: string;
  className: string;
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
        onPointerEnter={signedIn ? reportForm.preload : undefined}
        onFocus={signedIn ? reportForm.preload : undefined}
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
        className={className}
      >
        <Flag aria-hidden="true" className="size-4" /> {t("Report")}
      </button>
      <Modal
        ref={dialog}
        title={t("Report this trail")}
        description={
          signedIn
            ? t('Tell the moderators what is wrong with "{title}".', { title })
            : t("Please log in first!")
        }
        onClose={() => opener.current?.focus()}
      >
        {signedIn ? (
          opened ? (
            <Suspense fallback={<LoadingForm className="min-h-80" />}>
              <reportForm.Form trailId={trailId} onSent={() => dialog.current?.close()} />
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

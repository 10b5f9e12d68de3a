import { useRouteLoaderData } from "@remix-run/react";
import { BadgeCheck, Flag, type LucideIcon, X } from "lucide-react";
import { type ReactNode, Suspense, useId, useRef, useState } from "react";
import { lazyForm } from "~/components/form/lazy-form";
import { LoadingForm } from "~/components/form/loading-form";
import { SignInLink } from "~/components/sign-in-link";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { CommunityFormProps } from "./community-form";

/** Quick Actions on a stall's page: Claim This Stall (the spec's claim modal) and Report Issue. */
const DIALOGS: {
  label: string;
  icon: LucideIcon;
  /** An ICU message filled in with { name }, the stall's name. */
  description: string;
  form: ReturnType<typeof lazyForm<CommunityFormProps>>;
}[] = [
  {
    label: msg("Claim This Stall"),
    icon: BadgeCheck,
    description: msg(
      'Do you run "{name}"? A moderator checks your claim, then the stall shows as a Verified Business.',
    ),
    form: lazyForm(() => import("./claim-form").then((module) => module.ClaimForm)),
  },
  {
    label: msg("Report Issue"),
    icon: Flag,
    description: msg('Tell the moderators what is wrong with "{name}".'),
    form: lazyForm(() => import("./report-form").then((module) => module.ReportForm)),
  },
];

export function CommunityDialogs({ stallId, stallName }: { stallId: string; stallName: string }) {
  const t = useT();
  return (
    <ul className="mt-3 space-y-2">
      {DIALOGS.map(({ label, icon: Icon, description, form: { Form, preload } }) => (
        <li key={label}>
          <CommunityDialog
            label={t(label)}
            icon={<Icon aria-hidden="true" className="size-4 text-primary" />}
            description={t(description, { name: stallName })}
            preload={preload}
          >
            {(close) => <Form stallId={stallId} onSent={close} />}
          </CommunityDialog>
        </li>
      ))}
    </ul>
  );
}

/**
 * A Quick Actions button that opens a modal <dialog>: the browser traps focus inside it and closes it on Escape,
 * and focus goes back to the button afterwards. Visitors see the spec's 'Please log in first!' with a way to sign
 * in and come back here, instead of the form. The form renders (and its code downloads) on the first opening; the
 * pointer or focus reaching the button starts the download. Without JavaScript no dialog opens, so nothing is lost
 * by not rendering the form on the server.
 */
function CommunityDialog({
  label,
  icon,
  description,
  preload,
  children,
}: {
  label: string;
  icon: ReactNode;
  description: string;
  preload: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const close = () => dialog.current?.close();
  const t = useT();
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
        onPointerEnter={signedIn ? preload : undefined}
        onFocus={signedIn ? preload : undefined}
        className="flex w-full items-center gap-2 rounded-lg border border-border px-3 py-2 text-left hover:border-primary"
      >
        {icon} {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={() => opener.current?.focus()}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface p-0 text-ink backdrop:bg-black/50"
      >
        <div className="p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-bold text-xl">
              {label}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t("Close")}
              className="inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p id={descriptionId} className="mt-1 text-ink-muted text-sm">
            {signedIn ? description : t("Please log in first!")}
          </p>
          <div className="mt-4">
            {signedIn ? (
              opened ? (
                <Suspense fallback={<LoadingForm className="min-h-80" />}>{children(close)}</Suspense>
              ) : null
            ) : (
              <SignInLink className="inline-block rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground">
                {t("Sign in")}
              </SignInLink>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}

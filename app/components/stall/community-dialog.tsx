import { useRouteLoaderData } from "@remix-run/react";
import { BadgeCheck, Flag, type LucideIcon } from "lucide-react";
import { type ReactNode, Suspense, useRef, useState } from "react";
import { Modal } from "~/components/community/modal";
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
      <Modal
        ref={dialog}
        title={label}
        description={signedIn ? description : t("Please log in first!")}
        onClose={() => opener.current?.focus()}
      >
        {signedIn ? (
          opened ? (
            <Suspense fallback={<LoadingForm className="min-h-80" />}>{children(close)}</Suspense>
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

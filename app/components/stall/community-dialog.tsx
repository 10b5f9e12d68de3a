import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { X } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";

/**
 * A Quick Actions button that opens a modal <dialog>: the browser traps focus inside it and closes it on Escape,
 * and focus goes back to the button afterwards. Visitors see the spec's 'Please log in first!' with a way to sign
 * in and come back here, instead of the form.
 */
export function CommunityDialog({
  label,
  icon,
  title,
  description,
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const location = useLocation();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
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
              {title}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p id={descriptionId} className="mt-1 text-ink-muted text-sm">
            {signedIn ? description : "Please log in first!"}
          </p>
          <div className="mt-4">
            {signedIn ? (
              children(close)
            ) : (
              <Link
                to={`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                className="inline-block rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
              >
                Sign in
              </Link>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}

/** Where Report Issue and Claim This Stall post (app/routes/stall.$id.community.ts), each with its intent. */
export function communityAction(stallId: string) {
  return `/stall/${encodeURIComponent(stallId)}/community`;
}

import { useLocation } from "@remix-run/react";
import { Menu } from "lucide-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useT } from "~/components/use-t";

/** The phone header's Menu button. Its sheet's code loads when a pointer or focus reaches the button, so a tap
 * rarely waits for it; a press before it arrives opens the sheet once it has. Escape closes the sheet and focus goes
 * back to the button. */
export function PhoneMenu() {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [wanted, setWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const { pathname } = useLocation();
  // A link chosen in the sheet navigates: the sheet closes with it (also on Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, not on what it reads
  useEffect(() => {
    if (dialog.current?.open) dialog.current.close();
  }, [pathname]);
  const load = () => setWanted(true);
  return (
    <div className="md:hidden">
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={load}
        onPointerDown={load}
        onFocus={load}
        onClick={() => {
          if (dialog.current) dialog.current.showModal();
          else {
            setWanted(true);
            setOpenOnLoad(true);
          }
        }}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">{t("Menu")}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LoadedSheet
            dialog={dialog}
            open={openOnLoad}
            onOpened={() => setOpenOnLoad(false)}
            onClose={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

const PhoneMenuSheet = lazy(() =>
  import("./phone-menu-sheet").then((module) => ({ default: module.PhoneMenuSheet })),
);

/** The sheet once its code is here, opened at once when the button was pressed before. */
function LoadedSheet({
  dialog,
  open,
  onOpened,
  onClose,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  open: boolean;
  onOpened: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    if (!open) return;
    dialog.current?.showModal();
    onOpened();
  }, [dialog, open, onOpened]);
  return <PhoneMenuSheet ref={dialog} onClose={onClose} />;
}

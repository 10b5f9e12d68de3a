// Toasts without sonner in the page's JavaScript: the library is fetched, and the Toaster in root.tsx mounted, the
// first time a toast is raised (ADR 041). A toast raised before the Toaster subscribes is not lost: sonner hands a
// late subscriber the toasts already showing.
import type { ExternalToast } from "sonner";

let sonner: Promise<typeof import("sonner")> | null = null;
const waitingForFirstToast = new Set<() => void>();

export function loadSonner() {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of waitingForFirstToast) listener();
    waitingForFirstToast.clear();
  }
  return sonner;
}

/** Calls `listener` once a toast has been raised (at once if one has); returns the way to stop waiting. */
export function onFirstToast(listener: () => void): () => void {
  if (sonner) {
    listener();
    return () => {};
  }
  waitingForFirstToast.add(listener);
  return () => waitingForFirstToast.delete(listener);
}

export const notify = {
  message: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast(text, options)),
  success: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.success(text, options)),
  error: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.error(text, options)),
};

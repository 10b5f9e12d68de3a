// Toasts without sonner in the first-load JavaScript: the library is fetched the first time it is needed
// (root mounts the Toaster, which imports it, right after hydration, so it is usually there already).
import type { ExternalToast } from "sonner";

let sonner: Promise<typeof import("sonner")> | null = null;

function loadSonner() {
  sonner ??= import("sonner");
  return sonner;
}

export const notify = {
  message: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast(text, options)),
  success: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.success(text, options)),
  error: (text: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.error(text, options)),
};

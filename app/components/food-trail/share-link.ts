import { notify } from "~/lib/client/notify";

/** The device's share sheet where there is one; otherwise the link is copied and a toast says so. */
export async function shareLink(
  { url, title, text }: { url: string; title: string; text: string },
  messages: { copied: string; failed: string },
) {
  if (navigator.share) {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // The visitor closed the share sheet: nothing to report.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(messages.copied);
  } catch {
    notify.error(messages.failed);
  }
}

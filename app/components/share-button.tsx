import type { ButtonHTMLAttributes } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";

/** The device's share sheet where there is one; otherwise the link is copied and a toast says so. */
async function shareLink(
  { url, title, text }: { url: string; title: string; text: string },
  copied: string,
  failed: string,
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
    notify.success(copied);
  } catch {
    notify.error(failed);
  }
}

/** A button sharing the page at `path` (on this site) with its `title` and `text`; the rest is the button's. */
export function ShareButton({
  path,
  title,
  text,
  ...button
}: { path: string; title: string; text: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const t = useT();
  const share = () =>
    shareLink(
      { url: new URL(path, window.location.origin).href, title, text },
      t("Link copied"),
      t("Could not copy the link"),
    );
  return <button type="button" onClick={() => void share()} {...button} />;
}

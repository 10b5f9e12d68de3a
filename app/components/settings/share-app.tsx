import { Share2 } from "lucide-react";
import { useState } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";

/**
 * Share App: the device's share sheet where there is one (the Web Share API); elsewhere the link is copied and a QR
 * code of it is shown, for a phone beside the computer. The QR library is fetched only then.
 */
export function ShareApp({ url, className }: { url: string; className?: string }) {
  const t = useT();
  const [qrSvg, setQrSvg] = useState<string | null>(null);
  const title = t("Nukkad: hidden street food near you");

  const share = async () => {
    const data = { title, url };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
      } catch {
        // The share sheet was closed: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("Link copied"));
    } catch {
      notify.error(t("Could not copy the link"));
    }
    const QRCode = await import("qrcode");
    setQrSvg(await QRCode.toString(url, { type: "svg", margin: 1, width: 176 }));
  };

  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => void share()}
        className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-border px-4 py-2 font-semibold hover:bg-surface-muted"
      >
        <Share2 aria-hidden="true" className="size-4" /> {t("Share App")}
      </button>
      {qrSvg ? (
        <figure className="mt-3 flex flex-col items-center gap-2">
          <div
            role="img"
            aria-label={t("QR code of the Nukkad link")}
            className="rounded-lg bg-white p-2"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the QR library drew from our own URL.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption className="break-all text-center text-ink-muted text-sm">{url}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

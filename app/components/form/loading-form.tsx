import { LoaderCircle } from "lucide-react";
import { useT } from "~/components/use-t";

/**
 * What stands in a form's place while its code (conform, zod and the form's schema) downloads on first use: a
 * status line in a box `className` sizes like the form, so nothing below it moves when the form arrives.
 */
export function LoadingForm({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <p role="status" className={`flex items-center justify-center gap-2 text-ink-muted text-sm ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {t("Loading the form...")}
    </p>
  );
}

import { useT } from "~/components/use-t";
import type { FaqItem } from "~/lib/rules/faq";

/** The questions arrive as loader data, so their text is not shipped again inside the page's JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  const t = useT();
  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-surface">
      {items.map((item) => (
        <details key={item.question} className="group p-4">
          <summary className="cursor-pointer list-none font-semibold marker:hidden">
            <span
              className="mr-2 inline-block text-primary transition-transform group-open:rotate-90"
              aria-hidden="true"
            >
              ›
            </span>
            {t(item.question)}
          </summary>
          <p className="mt-2 text-ink-muted">{t(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}

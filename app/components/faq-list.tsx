import { FAQ } from "~/lib/faq";

export function FaqList() {
  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-surface">
      {FAQ.map((item) => (
        <details key={item.question} className="group p-4">
          <summary className="cursor-pointer list-none font-semibold marker:hidden">
            <span
              className="mr-2 inline-block text-primary transition-transform group-open:rotate-90"
              aria-hidden="true"
            >
              ›
            </span>
            {item.question}
          </summary>
          <p className="mt-2 text-ink-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

import type { ReactNode } from "react";
import { SUPPORT_EMAIL } from "~/lib/rules/faq";

/** A part of a long page (the privacy policy, the terms) with a heading a link can point at: `#id`. */
export function LinkedSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="scroll-mt-20 pt-4 font-bold text-xl">
        <a href={`#${id}`} className="hover:underline">
          {title}
        </a>
      </h2>
      {children}
    </section>
  );
}

/** Nukkad's support address, as a link that writes to it. */
export function SupportEmailLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-primary-strong underline">
      {SUPPORT_EMAIL}
    </a>
  );
}

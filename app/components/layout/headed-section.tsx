import type { ReactNode } from "react";

/**
 * A section named by its own heading: the section's accessible name is the heading (aria-labelledby), so the two
 * cannot drift apart. `id` is the heading's, which links (`#id`) and tests point at.
 */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

import type { ReactNode } from "react";

/** A page's heading and the line under it that says what the page is for. */
export function PageTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="font-bold text-2xl md:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
    </>
  );
}

/** The shell every secondary page uses: a title, and content. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle title={title} subtitle={subtitle} />
      <div className="mt-6">{children}</div>
    </div>
  );
}

import { Link } from "@remix-run/react";

/** Previous and next page links around "Page 2 of 5" (`?page=`); nothing when everything fits on one page. */
export function Pager({ label, page, pageCount }: { label: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = (to: number, text: string) => (
    <Link to={`?page=${to}`} className="font-semibold text-primary-strong underline">
      {text}
    </Link>
  );
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? link(page - 1, "Previous page") : <span />}
      <span className="text-ink-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? link(page + 1, "Next page") : <span />}
    </nav>
  );
}

import { Link } from "@remix-run/react";

/**
 * Previous and next page links of a list paged by cursor (`previous` and `next` are the pages' URLs, null at either
 * end); nothing when everything fits on one page.
 */
export function Pager({
  label,
  previous,
  next,
}: {
  label: string;
  previous: string | null;
  next: string | null;
}) {
  if (!previous && !next) return null;
  const link = (to: string | null, text: string, rel: string) =>
    to ? (
      <Link to={to} rel={rel} className="font-semibold text-primary-strong underline">
        {text}
      </Link>
    ) : (
      <span />
    );
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {link(previous, "Previous page", "prev")}
      {link(next, "Next page", "next")}
    </nav>
  );
}

import type { ReactNode } from "react";
import { LoadMore } from "~/components/paging/load-more";
import { useKeysetPages } from "~/components/paging/use-keyset-pages";
import type { NotificationPage } from "~/lib/schemas/notifications";
import { NotificationItem } from "./notification-item";

/**
 * A tab of the inbox, page by page: 'Load more' asks the page's own loader for ?cursor= and adds the answer below.
 * Give it a `key` that changes with each visit to the page, so a new visit starts from its first page.
 */
export function NotificationList({
  first,
  action,
  label,
  empty,
}: {
  first: NotificationPage;
  /** Where an item's form posts (the page, on its tab). */
  action: string;
  label: string;
  empty: ReactNode;
}) {
  const paging = useKeysetPages(first, { pageOf: (data: { page: NotificationPage }) => data.page });
  if (paging.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul aria-label={label} className="space-y-2">
        {paging.items.map((item) => (
          <NotificationItem key={item.id} item={item} action={action} />
        ))}
      </ul>
      <LoadMore paging={paging} />
    </>
  );
}

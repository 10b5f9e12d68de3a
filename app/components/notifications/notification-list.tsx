import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useMorePages } from "~/components/profile/use-more-pages";
import { useT } from "~/components/use-t";
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
  const t = useT();
  const { items, next, loading } = useMorePages(first, (data: { page: NotificationPage }) => data.page);
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul aria-label={label} className="space-y-2">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} action={action} />
        ))}
      </ul>
      {next ? (
        <div className="mt-4 flex justify-center">
          <PendingButton
            pending={loading}
            pendingLabel={t("Loading...")}
            icon={
              loading ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              ) : null
            }
            onClick={next}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border px-6 font-semibold hover:border-primary disabled:opacity-60"
          >
            {t("Load more")}
          </PendingButton>
        </div>
      ) : null}
    </>
  );
}

import type { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { useActionFetcher } from "~/components/form/use-action-fetcher";

/**
 * A form of the stall page's reviews section, posting its intent to the reviews action (app/routes/reviews.$stallId.tsx); the rest are
 * the form element's own props (conform's, a class).
 */
export function ReviewsForm({
  fetcher,
  stallId,
  intent,
  children,
  ...form
}: {
  fetcher: ReturnType<typeof useActionFetcher>;
  stallId: string;
  intent: "save" | "delete" | "report";
  children: ReactNode;
} & Partial<ReturnType<typeof getFormProps>> & { className?: string }) {
  return (
    <fetcher.Form method="post" action={`/reviews/${stallId}`} {...form}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </fetcher.Form>
  );
}

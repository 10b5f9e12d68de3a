import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Check, X } from "lucide-react";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";
import { moderationActionSchema, REJECTION_REASON_MAX } from "~/lib/schemas/moderation";
import type { PendingReel } from "~/models/reel/moderation.server";
import { DecisionButton } from "./decision-button";
import { ReelDetails } from "./reel-details";

/** The moderation queue's "Pending reels" tab: new reels, oldest first, none public until approved. */
export function PendingReelList({ items, empty }: { items: PendingReel[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(reel) => <PendingReelCard reel={reel} />}
    </ItemList>
  );
}

/**
 * One reel waiting for review: the video and its details, then Approve (it goes public) or Reject with the reason
 * its author will read (it is deleted).
 */
function PendingReelCard({ reel }: { reel: PendingReel }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const [form, fields] = useFetcherForm(moderationActionSchema, fetcher, {
    id: `reject-reel-${reel.id}`,
    shouldValidate: "onSubmit",
  });
  const headingId = `pending-reel-${reel.id}`;
  const submitted = formatMoment(reel.created_at, locale);
  const name = reel.stall.name;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
      <h3 id={headingId} className="font-bold text-lg">
        {t("Reel of {name}", { name })}
      </h3>
      <ReelDetails
        reel={reel}
        byline={
          reel.author ? (
            <Sentence
              text={t("Submitted {when} by {submitter}", { when: submitted, submitter: slot("submitter") })}
              parts={{
                submitter: (
                  <span className="font-semibold text-ink">
                    {reel.author.name ?? t("Unnamed")} ({reel.author.email})
                  </span>
                ),
              }}
            />
          ) : (
            t("Submitted {when} by an account that no longer exists", { when: submitted })
          )
        }
      />
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="reel" value={reel.id} />
          <DecisionButton
            fetcher={fetcher}
            intent="approve-reel"
            icon={<Check aria-hidden="true" className="size-4" />}
            stallName={name}
            nameAfterLabel
            className="inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
        <fetcher.Form method="post" {...getFormProps(form)} className="flex-1">
          {/* The reason's check in the browser reads the intent, so the form carries it rather than the button. */}
          <input type="hidden" name="intent" value="reject-reel" />
          <input type="hidden" name="reel" value={reel.id} />
          <label htmlFor={fields.reason.id} className="block font-medium text-sm">
            {t("Reason for rejection (shown to the author)")}
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            required
            maxLength={REJECTION_REASON_MAX}
            rows={2}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          <DecisionButton
            fetcher={fetcher}
            intent="reject-reel"
            namesIntent={false}
            icon={<X aria-hidden="true" className="size-4" />}
            stallName={name}
            nameAfterLabel
            className="mt-2 inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
      </div>
    </article>
  );
}

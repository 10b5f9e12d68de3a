import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { HeldPost } from "~/models/post/post.server";
import { ApproveOrReject } from "./approve-or-reject";
import { SubmittedBy } from "./queue-item";

/**
 * One post of the "Held" tab (ADR 051): what it says, who wrote it, the counts that held it, then Approve (it is
 * published and its mentions are told) or Reject with the reason its author will read (it is removed).
 */
export function HeldPostCard({ post }: { post: HeldPost }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const headingId = `held-post-${post.id}`;
  const name = post.username ? `@${post.username}` : (post.author?.name ?? t("Unnamed"));
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface p-4 md:p-5">
      <h3 id={headingId} className="font-bold text-lg">
        {t("Post by {name}", { name })}
      </h3>
      <p className="mt-1 text-ink-muted text-sm">
        <SubmittedBy when={post.created_at} submitter={post.author} />
      </p>
      <p className="mt-3 whitespace-pre-line break-words">{post.text}</p>
      <ul className="mt-3 list-disc ps-5 text-sm">
        <li>
          {t(
            "{count, plural, one {Posted once by this account in 24 hours} other {Posted # times by this account in 24 hours}}",
            { count: post.counts.byAccount },
          )}
        </li>
        {post.counts.newAccounts > 0 ? (
          <li>
            {t(
              "{count, plural, one {# new account posted it in the last hour} other {# new accounts posted it in the last hour}}",
              { count: post.counts.newAccounts },
            )}
          </li>
        ) : null}
      </ul>
      <ApproveOrReject
        fetcher={fetcher}
        kind="post"
        id={post.id}
        formId={`reject-post-${post.id}`}
        reasonLabel={t("Reason for rejection (shown to the author)")}
        subject={t("Post by {name}", { name })}
      />
    </article>
  );
}

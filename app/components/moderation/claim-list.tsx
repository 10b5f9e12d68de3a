import { Link } from "@remix-run/react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { formatQueueTime } from "~/lib/schemas/moderation";
import type { PendingClaim } from "~/models/claim.server";

export function ClaimList({ claims }: { claims: PendingClaim[] }) {
  if (claims.length === 0) return <p className="mt-3 text-ink-muted">No pending claims.</p>;
  return (
    <ol className="mt-3 space-y-3">
      {claims.map((claim) => (
        <li key={claim.id}>
          <ClaimItem claim={claim} />
        </li>
      ))}
    </ol>
  );
}

function ClaimItem({ claim }: { claim: PendingClaim }) {
  const fetcher = useActionFetcher();
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  return (
    <article
      aria-label={`Claim on ${claim.stall.name}`}
      className="rounded-xl border border-border bg-surface p-4 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/stall/${claim.stall.id}`} className="font-bold text-base hover:underline">
          {claim.stall.name}
        </Link>
        {claim.stall.is_verified ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
            Already verified
          </span>
        ) : null}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Name</dt>
        <dd>{claim.name}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{claim.phone}</dd>
        <dt className="font-semibold">Reason</dt>
        <dd className="whitespace-pre-line">{claim.reason}</dd>
      </dl>
      <p className="mt-2 text-ink-muted">
        Claimed {formatQueueTime(claim.created_at)} by {claim.claimant.name ?? "Unnamed"} (
        {claim.claimant.email})
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="claim" value={claim.id} />
        <button
          type="submit"
          name="intent"
          value="approve-claim"
          disabled={busy}
          className="rounded-full bg-green-700 px-4 py-1.5 font-semibold text-white disabled:opacity-60"
        >
          {busy && intent === "approve-claim" ? "Approving..." : "Approve claim"}
        </button>
        <button
          type="submit"
          name="intent"
          value="reject-claim"
          disabled={busy}
          className="rounded-full border border-closed px-4 py-1.5 font-semibold text-closed disabled:opacity-60"
        >
          {busy && intent === "reject-claim" ? "Rejecting..." : "Reject claim"}
        </button>
      </fetcher.Form>
    </article>
  );
}

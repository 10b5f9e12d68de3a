import { useRouteLoaderData } from "@remix-run/react";
import { Heart } from "lucide-react";
import { type MouseEvent, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useSignInGate } from "~/components/community/sign-in-gate";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

export const BOOKMARK_FAILED = msg("Failed to update bookmark. Please try again.");

interface RootFavourites {
  favouriteIds: string[];
}

/**
 * Hearts show what the user asked for while the request runs (optimistic), then what the server confirmed once
 * the root loader has reloaded the user's favourite ids. One shared store, so every heart of the same stall on a
 * page (Home lists a stall in several sections) moves together. ADR 008.
 */
interface PendingFavourite {
  value: boolean;
  request: number;
  inFlight: boolean;
}
const pending = new Map<string, PendingFavourite>();
const listeners = new Set<() => void>();
let lastRequest = 0;

function setPending(stallId: string, entry: PendingFavourite | null) {
  if (entry) pending.set(stallId, entry);
  else pending.delete(stallId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the stalls the signed-in user bookmarked (from the root loader); empty for visitors. */
export function useFavouriteIds(): ReadonlySet<string> {
  const ids = useRouteLoaderData<RootFavourites>("root")?.favouriteIds;
  return useMemo(() => new Set(ids ?? []), [ids]);
}

/**
 * Whether a stall is bookmarked, and the click that flips it: a post to My Food Trail's action, which sets the state
 * asked for (so a retried post cannot undo itself). Visitors are asked to sign in and come back.
 */
export function useFavourite(stallId: string) {
  const mayWrite = useSignInGate("favourite-sign-in");
  const saved = useFavouriteIds().has(stallId);
  const entry = useSyncExternalStore(
    subscribe,
    () => pending.get(stallId),
    () => undefined,
  );
  const favourited = entry ? entry.value : saved;
  // A failure is toasted (BOOKMARK_FAILED) under one id per stall, so clicking again replaces the toast.
  const fetcher = useActionFetcher({ toastId: `favourite-${stallId}` });
  // What this heart posted last: a fetcher's new post cancels its one before, so the answer is to this one.
  const sent = useRef<PendingFavourite | null>(null);

  // Once the reloaded ids agree with a finished request, the root loader is the truth again.
  useEffect(() => {
    if (entry && !entry.inFlight && entry.value === saved) setPending(stallId, null);
  }, [entry, saved, stallId]);

  const answer = fetcher.data;
  useEffect(() => {
    const request = sent.current;
    if (!answer || !request) return;
    sent.current = null;
    if (pending.get(stallId)?.request !== request.request) return;
    setPending(stallId, answer.ok ? { ...request, inFlight: false } : null);
  }, [answer, stallId]);

  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!mayWrite()) return;
    const request = { value: !favourited, request: ++lastRequest, inFlight: true };
    sent.current = request;
    setPending(stallId, request);
    fetcher.submit(
      { intent: "favourite", stallId, favourited: String(request.value) },
      { method: "post", action: "/bookmarks" },
    );
  };
  return { favourited, onClick };
}

/** The heart on every stall card. */
export function BookmarkButton({
  stallId,
  stallName,
  className = "",
}: {
  stallId: string;
  stallName: string;
  className?: string;
}) {
  const { favourited, onClick } = useFavourite(stallId);
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t("Bookmark {name}", { name: stallName })}
      aria-pressed={favourited}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-surface/90 shadow hover:text-closed ${
        favourited ? "text-closed" : "text-ink"
      } ${className}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${favourited ? "fill-current" : ""}`} />
    </button>
  );
}

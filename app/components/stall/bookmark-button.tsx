import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { Heart } from "lucide-react";
import { type MouseEvent, useEffect, useMemo, useSyncExternalStore } from "react";
import { notify } from "~/lib/client/notify";

export const BOOKMARK_FAILED = "Failed to update bookmark. Please try again.";

interface RootFavourites {
  viewer: unknown;
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

/** Whether a stall is bookmarked, and the click that flips it. Visitors are asked to sign in and come back. */
export function useFavourite(stallId: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const signedIn = Boolean(useRouteLoaderData<RootFavourites>("root")?.viewer);
  const saved = useFavouriteIds().has(stallId);
  const entry = useSyncExternalStore(
    subscribe,
    () => pending.get(stallId),
    () => undefined,
  );
  const favourited = entry ? entry.value : saved;

  // Once the reloaded ids agree with a finished request, the root loader is the truth again.
  useEffect(() => {
    if (entry && !entry.inFlight && entry.value === saved) setPending(stallId, null);
  }, [entry, saved, stallId]);

  const onClick = async (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!signedIn) {
      const redirectTo = `${location.pathname}${location.search}`;
      notify.message("Please log in first!", {
        id: "favourite-sign-in",
        action: {
          label: "Sign in",
          onClick: () => navigate(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`),
        },
      });
      return;
    }
    const request = ++lastRequest;
    const value = !favourited;
    setPending(stallId, { value, request, inFlight: true });
    const isLatest = () => pending.get(stallId)?.request === request;
    try {
      const response = await fetch("/api/profile/favorites", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ stallId, favourited: value }),
      });
      if (!response.ok) throw new Error(`Failed to update favorites (${response.status})`);
      if (isLatest()) setPending(stallId, { value, request, inFlight: false });
      revalidator.revalidate();
    } catch {
      if (isLatest()) setPending(stallId, null);
      notify.error(BOOKMARK_FAILED, { id: `favourite-${stallId}` });
    }
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
  return (
    <button
      type="button"
      aria-label={`Bookmark ${stallName}`}
      aria-pressed={favourited}
      onClick={(event) => void onClick(event)}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-surface/90 shadow hover:text-closed ${
        favourited ? "text-closed" : "text-ink"
      } ${className}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${favourited ? "fill-current" : ""}`} />
    </button>
  );
}

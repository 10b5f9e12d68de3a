import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { Heart } from "lucide-react";
import type { MouseEvent } from "react";
import { notify } from "~/lib/notify";

/**
 * What a heart (or "Add to Favorites") does. Favourites need an account: a visitor is asked to sign in and
 * brought straight back. Saving favourites itself is not built yet, and the button says so rather than pretend.
 */
export function useFavouriteClick() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const redirectTo = `${location.pathname}${location.search}`;
  return (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (signedIn) {
      notify.message("Saving favourites is coming soon.");
      return;
    }
    notify.message("Please log in first!", {
      action: {
        label: "Sign in",
        onClick: () => navigate(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`),
      },
    });
  };
}

/** The heart on every stall card. */
export function BookmarkButton({ stallName, className = "" }: { stallName: string; className?: string }) {
  const onClick = useFavouriteClick();
  return (
    <button
      type="button"
      aria-label={`Bookmark ${stallName}`}
      aria-pressed={false}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-surface/90 text-ink shadow hover:text-closed ${className}`}
    >
      <Heart aria-hidden="true" className="size-5" />
    </button>
  );
}

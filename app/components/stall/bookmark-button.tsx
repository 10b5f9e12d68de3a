import { useLocation, useNavigate } from "@remix-run/react";
import { Heart } from "lucide-react";
import { notify } from "~/lib/notify";

/**
 * The heart on every stall card. Favourites need an account; until a visitor signs in, the heart says so and
 * offers to sign in and come straight back.
 */
export function BookmarkButton({ stallName, className = "" }: { stallName: string; className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <button
      type="button"
      aria-label={`Bookmark ${stallName}`}
      aria-pressed={false}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        notify.message("Please log in first!", {
          action: {
            label: "Sign in",
            onClick: () => navigate(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`),
          },
        });
      }}
      className={`inline-flex size-9 items-center justify-center rounded-full bg-surface/90 text-ink shadow hover:text-closed ${className}`}
    >
      <Heart aria-hidden="true" className="size-5" />
    </button>
  );
}

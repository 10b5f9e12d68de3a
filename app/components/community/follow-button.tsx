import { UserCheck, UserPlus } from "lucide-react";
import { useT } from "~/components/use-t";
import { useSignedIn } from "./sign-in-gate";
import { ToggleButton } from "./toggle-button";
import { useFollow } from "./use-community-write";

/**
 * Follow / Following for one person (by username), switched at once and put back if the server refuses. A visitor's
 * click asks them to sign in.
 */
export function FollowButton({
  username,
  name,
  following,
  compact = false,
  className = "",
}: {
  username: string;
  name: string;
  following: boolean;
  /** On phones only the icon shows (a post card's header has little room); the button's name stays the same. */
  compact?: boolean;
  className?: string;
}) {
  const t = useT();
  const follow = useFollow(username, following);
  const signedIn = useSignedIn();
  const Icon = follow.on ? UserCheck : UserPlus;
  return (
    <ToggleButton
      toggle={follow}
      label={t("Follow {name}", { name })}
      // A follow is the moment push makes sense: offered then, once, never on a page's load. Its code (the push
      // subscription, the offer's memory) is fetched then too, not with every page that shows a Follow button.
      then={() => {
        if (signedIn && !follow.on)
          void import("~/components/notifications/push-opt-in")
            .then(({ offerPushAfterFollow }) => offerPushAfterFollow(t))
            .catch(() => {});
      }}
      className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 font-semibold text-sm ${
        follow.on
          ? "border border-border text-ink hover:bg-surface-muted"
          : "bg-primary text-primary-foreground hover:opacity-90"
      } ${className}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className={compact ? "hidden sm:inline" : undefined}>
        {follow.on ? t("Following") : t("Follow")}
      </span>
    </ToggleButton>
  );
}

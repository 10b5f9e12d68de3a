import { NavLink } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useT } from "~/components/use-t";

/** A moderator's way to the queues, from the header on every page. */
export function ModerationLink() {
  const t = useT();
  return (
    <NavLink
      to="/moderation"
      aria-label={t("Moderation")}
      className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:text-primary-strong"
    >
      <ShieldCheck aria-hidden="true" className="size-5" />
    </NavLink>
  );
}

import { OpenBadge } from "~/components/stall/open-badge";
import { Tag } from "~/components/stall/stall-card";
import { useLabel } from "~/components/use-label";
import type { OpenState } from "~/lib/rules/open-status";

/** Under a stall on a person's page: Open or Closed when it is live (`open`), then its first three tags and "+N". */
export function OpenAndTags({ open, tags }: { open: OpenState | null; tags: string[] }) {
  const label = useLabel();
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1">
      {open ? <OpenBadge state={open} /> : null}
      {tags.slice(0, 3).map((tag) => (
        <Tag key={tag}>{label(tag)}</Tag>
      ))}
      {tags.length > 3 ? <Tag>{`+${tags.length - 3}`}</Tag> : null}
    </p>
  );
}

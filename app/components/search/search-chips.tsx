import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TitledSection } from "~/components/layout/titled-section";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import type { TagCount } from "~/models/search.server";

// The search page's links to another search: a chip, a tag's name as shown, and the popular tags.

export const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

export function Chip({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-full border border-border bg-surface px-3 py-1.5 text-sm hover:border-primary"
    >
      {children}
    </Link>
  );
}

/** A tag as shown: capitalised like the others, so menu words ("dosa") sit beside tags ("Street Food") alike.
 * Only the text is styled and translated (a tag of the picker has a Hindi name): its link still searches for the
 * word as stored. */
export function TagName({ name }: { name: string }) {
  const label = useLabel();
  return <span className="capitalize">{label(name)}</span>;
}

export function PopularTags({ tags }: { tags: TagCount[] }) {
  const t = useT();
  return (
    <TitledSection id="popular-tags" title={t("Popular Tags")} look="group">
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.name}>
            <Chip to={searchHref(tag.name)}>
              <TagName name={tag.name} /> <span className="text-ink-muted">{tag.count}</span>
            </Chip>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

import type { ReactNode } from "react";

/**
 * A list of cards, one list item each, keyed by the item's id; with `empty`, what to say instead when there are
 * none. `ordered` where the order means something (a queue).
 */
export function ItemList<Item extends { id: string | number }>({
  items,
  empty,
  ordered = false,
  className,
  children,
}: {
  items: readonly Item[];
  empty?: string;
  ordered?: boolean;
  className: string;
  children: (item: Item, index: number) => ReactNode;
}) {
  if (empty !== undefined && items.length === 0) return <p className="mt-3 text-ink-muted">{empty}</p>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item, index) => (
        <li key={item.id}>{children(item, index)}</li>
      ))}
    </List>
  );
}

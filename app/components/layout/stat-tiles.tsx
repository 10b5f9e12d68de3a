import { Link } from "@remix-run/react";

/** How a row of figures looks: bordered cards (My Food Trail), or small tiles in a card (the profiles). */
const LOOKS = {
  cards: {
    tile: "rounded-xl border border-border bg-surface p-3",
    value: "font-bold text-2xl text-primary-strong",
    label: "text-ink-muted text-sm",
  },
  tiles: {
    tile: "rounded-xl bg-surface-muted p-2",
    value: "font-bold text-xl",
    label: "text-ink-muted text-xs",
  },
} as const;

/** A figure that opens a page (a profile's followers): the whole tile is the link, `name` what it is called. */
export interface StatLink {
  to: string;
  name: string;
}

/** A row of counted figures, each a tile with its number above its label (a description list, label first). */
export function StatTiles({
  stats,
  look,
  className,
}: {
  stats: readonly (readonly [label: string, value: number, link?: StatLink])[];
  look: keyof typeof LOOKS;
  className: string;
}) {
  const { tile, value, label } = LOOKS[look];
  return (
    <dl className={className}>
      {stats.map(([name, count, link]) => (
        <div key={name} className={`relative flex flex-col-reverse ${tile}`}>
          <dt className={label}>{name}</dt>
          <dd className={value}>
            {link ? (
              <Link
                to={link.to}
                aria-label={link.name}
                className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
              >
                {count}
              </Link>
            ) : (
              count
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

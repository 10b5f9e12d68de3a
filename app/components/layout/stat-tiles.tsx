/** How a row of figures looks: bordered cards (My Food Trail), or small tiles in a card (the profile). */
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

/** A row of counted figures, each a tile with its number above its label (a description list, label first). */
export function StatTiles({
  stats,
  look,
  className,
}: {
  stats: readonly (readonly [label: string, value: number])[];
  look: keyof typeof LOOKS;
  className: string;
}) {
  const { tile, value, label } = LOOKS[look];
  return (
    <dl className={className}>
      {stats.map(([name, count]) => (
        <div key={name} className={`flex flex-col-reverse ${tile}`}>
          <dt className={label}>{name}</dt>
          <dd className={value}>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

import { Star } from "lucide-react";
import { useId } from "react";
import { useT } from "~/components/use-t";

const VALUES = [1, 2, 3, 4, 5] as const;

/** Five stars, `value` of them filled, read as "4 out of 5 stars". */
export function Stars({ value, className = "" }: { value: number; className?: string }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span className="sr-only">{t("{value} out of 5 stars", { value })}</span>
      {VALUES.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= value ? "fill-amber-400 text-amber-500" : "text-ink-muted"}`}
        />
      ))}
    </span>
  );
}

/**
 * A 1-5 star choice built from native radio buttons, so arrow keys, Tab and screen readers work as they do for any
 * radio group; the stars are only their look.
 */
export function StarRatingInput({
  name,
  legend,
  value,
  onChange,
  disabled,
  errorId,
  invalid,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  errorId?: string;
  invalid?: boolean;
}) {
  const id = useId();
  const t = useT();
  return (
    <fieldset disabled={disabled} aria-describedby={invalid ? errorId : undefined}>
      <legend className="font-medium text-sm">{legend}</legend>
      <div className="mt-1 flex gap-0.5">
        {VALUES.map((n) => (
          <label
            key={n}
            htmlFor={`${id}-${n}`}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <input
              id={`${id}-${n}`}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">
              {t("{count, plural, one {# star} other {# stars}}", { count: n })}
            </span>
            <Star
              aria-hidden="true"
              className={`size-7 ${value !== null && n <= value ? "fill-amber-400 text-amber-500" : "text-ink-muted"}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

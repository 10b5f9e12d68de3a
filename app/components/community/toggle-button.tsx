import type { ReactNode } from "react";

/**
 * The button of a toggle the server keeps (a like, a save, a follow): pressed while it is on, named by `label`
 * whether on or off (screen readers say pressed or not), flipping it when clicked; `then` runs after the flip.
 */
export function ToggleButton({
  toggle,
  label,
  then,
  className,
  children,
}: {
  toggle: { on: boolean; toggle: () => void };
  label: string;
  then?: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={toggle.on}
      aria-label={label}
      onClick={() => {
        toggle.toggle();
        then?.();
      }}
      className={className}
    >
      {children}
    </button>
  );
}

import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A button whose work takes a while (a post, a location fix): while `pending` it says what it is doing instead of
 * its label and cannot be pressed again. `icon` stays in front of either.
 */
export function PendingButton({
  pending,
  pendingLabel,
  icon,
  type = "button",
  disabled,
  children,
  ...rest
}: {
  pending: boolean;
  pendingLabel: ReactNode;
  icon?: ReactNode;
  type?: "button" | "submit";
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  return (
    <button type={type} disabled={pending || disabled} {...rest}>
      {icon}
      {pending ? pendingLabel : children}
    </button>
  );
}

const SUBMIT_CLASS =
  "w-full rounded-full bg-primary py-3 font-semibold text-primary-foreground disabled:opacity-60";

/** A page form's full-width submit button, with its text while the form is sent; `className` adds to its look. */
export function SubmitButton({
  pending,
  pendingLabel,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <PendingButton
      type="submit"
      pending={pending}
      pendingLabel={pendingLabel}
      className={className ? `${className} ${SUBMIT_CLASS}` : SUBMIT_CLASS}
    >
      {children}
    </PendingButton>
  );
}

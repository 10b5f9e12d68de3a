import { Link } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import { useT } from "~/components/use-t";

/** `solid` is `primary` without a hover state, for the touch-only phone sheet. */
const VARIANT = {
  primary: "bg-primary text-primary-foreground hover:bg-primary-strong",
  solid: "bg-primary text-primary-foreground",
  quiet: "hover:bg-surface-muted",
};

const SIZE = {
  md: { box: "inline-flex gap-2 px-5 py-2", icon: "size-4" },
  lg: { box: "flex justify-center gap-2 px-4 py-3", icon: "size-5" },
  bar: { box: "inline-flex min-h-10 gap-1.5 px-3 text-sm", icon: "size-4" },
};

type PillProps = {
  icon: LucideIcon;
  label: string;
  variant?: keyof typeof VARIANT;
  size?: keyof typeof SIZE;
};

function pillParts({ icon: Icon, label, variant = "primary", size = "md" }: PillProps) {
  const { box, icon } = SIZE[size];
  return {
    className: `items-center rounded-full font-semibold ${box} ${VARIANT[variant]}`,
    children: (
      <>
        <Icon aria-hidden="true" className={icon} />
        {label}
      </>
    ),
  };
}

/** The app's call-to-action shape: a rounded pill with an icon before its text. */
export function PillLink({ to, ...pill }: PillProps & { to: string }) {
  return <Link to={to} {...pillParts(pill)} />;
}

/** The pill as a form's submit button. */
export function PillButton(pill: PillProps) {
  return <button type="submit" {...pillParts(pill)} />;
}

const CANCEL_SIZE = {
  sm: "px-4 py-1.5 text-sm",
  md: "px-4 py-2",
  /** A comment's box. */
  touch: "min-h-9 px-3 text-sm",
  /** A post's box, its buttons finger-sized. */
  lg: "min-h-11 px-5",
};

/** Closes an inline form without sending it: the outlined pill beside its submit button, sized as that one. */
export function CancelButton({ onClick, size }: { onClick: () => void; size: keyof typeof CANCEL_SIZE }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-full border border-border font-semibold ${CANCEL_SIZE[size]}`}
    >
      {t("Cancel")}
    </button>
  );
}

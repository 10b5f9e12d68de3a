import { Link, type LinkProps, useLocation } from "@remix-run/react";

/** A link to sign in that brings the person back to `back`: by default this page as it is, its query too. */
export function SignInLink({ back, ...link }: { back?: string } & Omit<LinkProps, "to">) {
  const location = useLocation();
  return (
    <Link
      to={`/auth?redirectTo=${encodeURIComponent(back ?? location.pathname + location.search)}`}
      {...link}
    />
  );
}

import { Link } from "@remix-run/react";
import { useT } from "~/components/use-t";

export function NotFound() {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="font-extrabold text-6xl text-primary">404</p>
      <h1 className="mt-4 font-bold text-2xl">{t("Oops! Page not found")}</h1>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-primary px-6 py-3 font-semibold text-primary-foreground hover:bg-primary-strong"
      >
        {t("Return to Home")}
      </Link>
    </div>
  );
}

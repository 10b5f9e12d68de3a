import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { NotFound } from "~/components/not-found";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

/**
 * The one error boundary. A 404 shows `notFound` (the site's "Oops! Page not found" unless the route has its own
 * words); anything else is the generic error page with the message, and Try Again where reloading can help.
 * Routes export it as `export function ErrorBoundary() { return <RouteError … /> }`; root.tsx's catches the rest.
 */
export function RouteError({
  notFound = <NotFound />,
  retry = false,
}: {
  notFound?: ReactNode;
  retry?: boolean;
}) {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return notFound;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="font-bold text-2xl">{t("Unexpected Application Error!")}</h1>
      <p role="alert" className="mt-4 rounded-md bg-surface-muted p-4 font-mono text-sm">
        {t("Error: {message}", { message: t(errorMessage(error)) })}
      </p>
      {retry ? (
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
        >
          {t("Try Again")}
        </button>
      ) : (
        <Link to="/" className="mt-6 inline-block font-semibold text-primary-strong underline">
          {t("Return to Home")}
        </Link>
      )}
    </div>
  );
}

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = error.statusText || (typeof error.data === "string" ? error.data : "");
    return `${error.status} ${detail}`.trim();
  }
  return error instanceof Error ? error.message : msg("Unknown error");
}

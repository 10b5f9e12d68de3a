import { NotFound } from "~/components/not-found";
import { RouteError } from "~/components/route-error";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";

export const meta = pageMeta((t) => ({ title: pageTitle(t("Page not found")) }));

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return <RouteError />;
}

export default function CatchAll() {
  return <NotFound />;
}

import type { MetaFunction } from "@remix-run/react";
import { NotFound } from "~/components/not-found";
import { RouteError } from "~/components/route-error";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Page not found")) }];
};

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return <RouteError />;
}

export default function CatchAll() {
  return <NotFound />;
}

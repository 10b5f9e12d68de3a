import type { MetaFunction } from "@remix-run/react";
import { NotFound } from "~/components/not-found";
import { RouteError } from "~/components/route-error";

export const meta: MetaFunction = () => [{ title: "Page not found · Nukkad" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return <RouteError />;
}

export default function CatchAll() {
  return <NotFound />;
}

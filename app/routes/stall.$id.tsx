import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, type MetaFunction, useLoaderData, useRouteError } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { getDb } from "~/db/client.server";
import { findStallDetail } from "~/models/stall.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const stall = await findStallDetail(getDb(context.cloudflare.env.DB), params.id ?? "", null);
  if (!stall) throw data("Stall not found", { status: 404 });
  return { stall };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.stall.name} · Nukkad` : "Stall not found · Nukkad" },
];

export default function StallPage() {
  const { stall } = useLoaderData<typeof loader>();
  return (
    <PageShell title={stall.name} subtitle={stall.location}>
      <h2 className="font-semibold text-lg">About This Place</h2>
      <p className="mt-2">{stall.description || "Stall information not available"}</p>
    </PageShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageShell title={notFound ? "Stall not found" : "Something went wrong"}>
      {notFound ? null : <p>Error: {error instanceof Error ? error.message : "Unknown error"}</p>}
    </PageShell>
  );
}

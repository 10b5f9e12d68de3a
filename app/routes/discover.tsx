import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/site-layout";
import { getDb } from "~/db/client.server";
import { listApprovedStalls } from "~/models/stall.server";

export const meta: MetaFunction = () => [{ title: "Discover Nearby · Nukkad" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const page = await listApprovedStalls(getDb(context.cloudflare.env.DB), { limit: 24 });
  return { stalls: page.items };
}

export default function DiscoverPage() {
  const { stalls } = useLoaderData<typeof loader>();
  return (
    <PageShell title="Discover Nearby" subtitle={`${stalls.length} stalls`}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {stalls.map((stall) => (
          <li key={stall.id} className="rounded-xl border border-border bg-surface p-4">
            <Link to={`/stall/${stall.id}`} className="font-semibold hover:underline">
              {stall.name}
            </Link>
            <p className="text-ink-muted text-sm">{stall.location}</p>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}

// The Worker that scripts/bench-relevance.ts measures, run in workerd by Miniflare with the D1 binding. Bundled for
// workerd, so it imports only what runs there (docs/decisions/039-start-cache-and-bench-bundling.md).
import type { BatchItem } from "drizzle-orm/batch";
import { getDb } from "../app/db/client.server";
import { searchStalls } from "../app/models/search.server";
import { type NewStall, newStallStatements } from "../app/models/stall/stall.server";

interface BenchEnv {
  DB: D1Database;
}

export interface Answer {
  ids: string[];
  total: number;
  didYouMean: string | null;
}

export const relevanceWorker = {
  async fetch(request, env) {
    const url = new URL(request.url);
    const db = getDb(env.DB);
    switch (url.pathname) {
      case "/migrate": {
        const statements = (await request.json()) as string[];
        await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
        return new Response("");
      }
      case "/seed": {
        const batch = (await request.json()) as NewStall[];
        const statements = batch.flatMap((stall) => newStallStatements(db, stall).statements);
        await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
        return new Response("");
      }
      case "/search": {
        const results = await searchStalls(db, url.searchParams.get("q") ?? "", { limit: 10 });
        return Response.json({
          ids: results.items.map((item) => item.shop_unique_id.replace(/^rel-/, "")),
          total: results.total,
          // Absent before "Did you mean" existed.
          didYouMean: (results as { didYouMean?: string | null }).didYouMean ?? null,
        } satisfies Answer);
      }
      default:
        return new Response("not found", { status: 404 });
    }
  },
} satisfies ExportedHandler<BenchEnv>;

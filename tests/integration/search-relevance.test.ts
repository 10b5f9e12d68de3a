// The relevance table (tests/relevance/): every query, in either script, misspelled, by another name or in the
// plural, run through GET /api/search against the table's stalls. scripts/bench-relevance.ts prints the same
// figures, with the old search's beside them in ADR 018.
import { env } from "cloudflare:test";
import type { BatchItem } from "drizzle-orm/batch";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { newStallStatements } from "~/models/stall/submit.server";
import { type Ranked, recallAt5, relevanceFigures } from "../relevance/metrics";
import { RELEVANCE_QUERIES } from "../relevance/queries";
import { RELEVANCE_STALLS } from "../relevance/stalls";

interface Answer {
  items: { id: string; name: string }[];
  total: number;
  didYouMean: string | null;
}

async function search(q: string): Promise<Answer> {
  const response = await api.request(`/api/search?q=${encodeURIComponent(q)}&limit=10`, {}, env);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

const ids = (answer: Answer) => answer.items.map((item) => item.id.replace(/^rel-/, ""));

const strict: Ranked[] = [];
const withDidYouMean: Ranked[] = [];

beforeAll(async () => {
  const db = getDb(env.DB);
  const statements = RELEVANCE_STALLS.flatMap((stall) => newStallStatements(db, stall).statements);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  for (const query of RELEVANCE_QUERIES) {
    const answer = await search(query.query);
    strict.push({ query, found: ids(answer) });
    // A person who found nothing follows "Did you mean" once.
    const followed = answer.total === 0 && answer.didYouMean ? await search(answer.didYouMean) : answer;
    withDidYouMean.push({ query, found: ids(followed) });
  }
}, 60_000);

describe("the relevance table", () => {
  it("holds at least 80 queries of every kind, each expecting stalls that exist", () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(80);
    const kinds = new Set(RELEVANCE_QUERIES.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(["alias", "devanagari", "misspelled", "plural", "roman"]);
    const known = new Set(RELEVANCE_STALLS.map((s) => s.shopUniqueId?.replace(/^rel-/, "")));
    for (const q of RELEVANCE_QUERIES) for (const id of q.expected) expect(known).toContain(id);
  });

  it("finds what a person expects among the first five: recall@5 >= 0.9, MRR >= 0.9", () => {
    const figures = relevanceFigures(strict);
    expect(figures.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(figures.mrr).toBeGreaterThanOrEqual(0.9);
    for (const kind of ["roman", "devanagari", "alias", "plural"]) {
      expect(figures.byKind[kind]?.recallAt5, kind).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("finds every stall a person expects once a misspelling follows Did you mean", () => {
    const misses = withDidYouMean.filter((r) => recallAt5(r) < 1).map((r) => r.query.query);
    expect(misses).toEqual([]);
  });

  it("misses with the metrics: a search finding nothing scores 0, a wrong first result halves MRR", () => {
    const query = { query: "x", kind: "roman" as const, expected: ["a", "b"] };
    expect(relevanceFigures([{ query, found: [] }])).toMatchObject({ recallAt5: 0, mrr: 0 });
    expect(relevanceFigures([{ query, found: ["c", "a"] }])).toMatchObject({ recallAt5: 0.5, mrr: 0.5 });
  });
});

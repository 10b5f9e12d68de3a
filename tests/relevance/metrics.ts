import type { RelevanceQuery } from "./queries";

/** What a person sees for one query: the stalls in order (relevance ids, `rel-` prefix dropped). */
export interface Ranked {
  query: RelevanceQuery;
  found: string[];
}

/** Recall among the first five: the expected stalls found there over as many as five can hold. */
export function recallAt5({ query, found }: Ranked): number {
  const top = new Set(found.slice(0, 5));
  const hits = query.expected.filter((id) => top.has(id)).length;
  return hits / Math.min(5, query.expected.length);
}

/** 1 / the position of the first expected stall, 0 when none is listed. */
export function reciprocalRank({ query, found }: Ranked): number {
  const index = found.findIndex((id) => query.expected.includes(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** recall@5 and MRR over the table, overall and per kind of query. */
export function relevanceFigures(ranked: Ranked[]) {
  const kinds = [...new Set(ranked.map((r) => r.query.kind))];
  return {
    recallAt5: mean(ranked.map(recallAt5)),
    mrr: mean(ranked.map(reciprocalRank)),
    byKind: Object.fromEntries(
      kinds.map((kind) => {
        const ofKind = ranked.filter((r) => r.query.kind === kind);
        return [
          kind,
          {
            queries: ofKind.length,
            recallAt5: mean(ofKind.map(recallAt5)),
            mrr: mean(ofKind.map(reciprocalRank)),
          },
        ];
      }),
    ),
    misses: ranked.filter((r) => recallAt5(r) < 1),
  };
}

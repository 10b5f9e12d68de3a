import { queryScript, type RelevanceQuery } from "./queries";

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

const figuresBy = (ranked: Ranked[], group: (r: Ranked) => string) =>
  Object.fromEntries(
    [...new Set(ranked.map(group))].map((name) => {
      const ofGroup = ranked.filter((r) => group(r) === name);
      return [
        name,
        {
          queries: ofGroup.length,
          recallAt5: mean(ofGroup.map(recallAt5)),
          mrr: mean(ofGroup.map(reciprocalRank)),
        },
      ];
    }),
  );

/** recall@5 and MRR over the table, overall, per kind of query and per script (Roman letters, Devanagari). */
export function relevanceFigures(ranked: Ranked[]) {
  return {
    recallAt5: mean(ranked.map(recallAt5)),
    mrr: mean(ranked.map(reciprocalRank)),
    byKind: figuresBy(ranked, (r) => r.query.kind),
    byScript: figuresBy(ranked, (r) => queryScript(r.query.query)),
    misses: ranked.filter((r) => recallAt5(r) < 1),
  };
}

import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stallDiscoveryTags, stalls, stallTags } from "~/db/schema";
import { CUISINE_TAGS, DISCOVERY_TAGS } from "~/lib/options";
import {
  ftsMatchExpression,
  likePattern,
  MENU_TAG_TRENDING_SHOPS,
  MENU_WORDS,
  normaliseQuery,
  priceRange,
  SEARCH_MATCH_CAP,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LENGTH,
  TRENDING_DISCOVERY_TAGS,
  TRENDING_TAGS,
} from "~/lib/search-query";
import { type StallListItem, selectListRows, toStallListItem } from "./stall.server";

// Search runs on the stalls_fts trigram index (migrations/0001_search.sql, ADR 006), which holds approved stalls
// only: the triggers add a stall when it is approved and remove it when it is not.

export interface TagCount {
  name: string;
  count: number;
  trending: boolean;
}

export interface SearchResultItem extends StallListItem {
  price_range: "₹" | "₹₹";
}

export interface SearchResults {
  query: string;
  /** Exact up to SEARCH_MATCH_CAP; when more stalls match, SEARCH_MATCH_CAP with totalCapped set. */
  total: number;
  totalCapped: boolean;
  items: SearchResultItem[];
  nextCursor: string | null;
  relatedTags: TagCount[];
}

type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

const TRENDING_TAG_SET = new Set<string>([...TRENDING_TAGS, ...TRENDING_DISCOVERY_TAGS]);
/** Related tags are counted over the best matches, so a very common word stays cheap to search. */
const RELATED_TAGS_SAMPLE = 200;
const RELATED_TAGS_LIMIT = 10;
const approved = sql`${stalls.status} = 'approved'`;

/** One or two characters are too short for trigrams: those look in the name and tags only. */
function shortQueryCondition(query: string) {
  const pattern = likePattern(query);
  return sql`(${stalls.name} LIKE ${pattern} ESCAPE '\\' OR ${stalls.tags} LIKE ${pattern} ESCAPE '\\')`;
}

function parseOffset(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(cursor);
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) throw new InvalidSearchCursorError();
  return offset;
}

export class InvalidSearchCursorError extends Error {
  constructor() {
    super("cursor is not valid");
  }
}

export async function searchStalls(
  db: Db,
  rawQuery: string,
  { limit, cursor, now = new Date() }: { limit: number; cursor?: string | null; now?: Date },
): Promise<SearchResults> {
  const query = normaliseQuery(rawQuery);
  const offset = parseOffset(cursor);
  const expression = ftsMatchExpression(query);
  // The best matches up to the end of this page (and at least the related-tags sample), best first.
  const window = Math.min(Math.max(offset + limit + 1, RELATED_TAGS_SAMPLE), SEARCH_MATCH_CAP);
  // Counting stops one past the cap, which tells "exactly 1,000" from "more" without reading every match.
  const cappedCount = (matches: SQL) =>
    db.select({ n: count() }).from(sql`(${matches} LIMIT ${SEARCH_MATCH_CAP + 1})`);

  let rows: ListRow[];
  let matched: number;
  if (expression) {
    // bm25 takes a pass over every match, then a score for every row it orders: only the newest
    // SEARCH_MATCH_CAP matches are scored (ADR 006). FTS5 walks its rowids newest first without scoring them;
    // ties go to the newer stall. Name matches are drawn the same way from the name column alone, so a stall
    // named for the words still leads when newer stalls merely mention them.
    const newestRanked = (expr: string) =>
      sql`SELECT * FROM (SELECT id, rank FROM (SELECT rowid AS id, rank FROM stalls_fts WHERE stalls_fts MATCH ${expr}
        ORDER BY rowid DESC LIMIT ${SEARCH_MATCH_CAP}) ORDER BY rank, id DESC LIMIT ${window})`;
    // A name match is drawn by both; min() keeps its name-first row (and, with it, that row's rank).
    const best = sql`SELECT id, min(name_first) AS name_first, rank FROM (
        SELECT id, 0 AS name_first, rank FROM (${newestRanked(`name : (${expression})`)})
        UNION ALL SELECT id, 1, rank FROM (${newestRanked(expression)})
      ) GROUP BY id ORDER BY name_first, rank, id DESC LIMIT ${window}`;
    const [ranked, totals] = await db.batch([
      selectListRows(db)
        .innerJoin(sql`(${best}) AS best`, sql`best.id = ${stalls.id}`)
        .where(approved)
        .orderBy(sql`best.name_first`, sql`best.rank`, desc(stalls.id)),
      cappedCount(sql`SELECT rowid FROM stalls_fts WHERE ${sql`stalls_fts MATCH ${expression}`}`),
    ]);
    rows = ranked;
    matched = totals[0]?.n ?? 0;
  } else {
    const condition = and(approved, shortQueryCondition(query));
    const [best, totals] = await db.batch([
      selectListRows(db).where(condition).orderBy(desc(stalls.ratingAverage), stalls.id).limit(window),
      cappedCount(sql`SELECT 1 FROM ${stalls} WHERE ${condition}`),
    ]);
    rows = best;
    matched = totals[0]?.n ?? 0;
  }

  // Stalls whose name holds every word come first, each group in rank order (bm25 already weighs names most).
  const words = query.toLowerCase().split(" ");
  const nameHit = (name: string) => words.every((word) => name.toLowerCase().includes(word));
  const ordered = [...rows.filter((row) => nameHit(row.name)), ...rows.filter((row) => !nameHit(row.name))];
  const page = ordered.slice(offset, offset + limit);
  return {
    query,
    total: Math.min(matched, SEARCH_MATCH_CAP),
    totalCapped: matched > SEARCH_MATCH_CAP,
    items: page.map((row) => {
      const item = toStallListItem(row, now);
      return { ...item, price_range: priceRange(item.tags) };
    }),
    nextCursor: ordered.length > offset + limit ? String(offset + limit) : null,
    relatedTags: relatedTags(ordered.slice(0, RELATED_TAGS_SAMPLE).map((row) => row.tags)),
  };
}

/** The tags most common among the best matches, with their counts. */
function relatedTags(tagLists: string[][]): TagCount[] {
  const counts = new Map<string, number>();
  for (const tags of tagLists) for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, RELATED_TAGS_LIMIT)
    .map(([name, n]) => ({ name, count: n, trending: TRENDING_TAG_SET.has(name) }));
}

/** Up to five suggestions for what is typed so far, from 2 characters: words people search for, then names. */
export async function suggest(db: Db, rawQuery: string): Promise<string[]> {
  const query = normaliseQuery(rawQuery).toLowerCase();
  if ([...query].length < SUGGEST_MIN_LENGTH) return [];
  const vocabulary: string[] = [...CUISINE_TAGS, ...DISCOVERY_TAGS.map((t) => t.label), ...MENU_WORDS];
  const words = vocabulary
    .filter((word) => word.toLowerCase().includes(query))
    .sort((a, b) => Number(!a.toLowerCase().startsWith(query)) - Number(!b.toLowerCase().startsWith(query)));
  const suggestions = [...new Set(words)].slice(0, SUGGEST_LIMIT);
  if (suggestions.length < SUGGEST_LIMIT) {
    // Names containing the text, through the trigram index (3+ characters), else names starting with it,
    // through the NOCASE name index (a prefix LIKE can use it; text with LIKE's own wildcards skips names).
    const room = SUGGEST_LIMIT - suggestions.length;
    const expression = ftsMatchExpression(query);
    const names = expression
      ? await db
          .select({ name: stalls.name })
          .from(sql`stalls_fts`)
          .innerJoin(stalls, sql`${stalls.id} = stalls_fts.rowid`)
          .where(sql`stalls_fts MATCH ${`name : (${expression})`}`)
          .orderBy(sql`rank`)
          .limit(room * 2)
      : /[%_\\]/.test(query)
        ? []
        : await db
            .selectDistinct({ name: stalls.name })
            .from(stalls)
            .where(and(approved, sql`${stalls.name} LIKE ${`${query}%`}`))
            .limit(room);
    suggestions.push(...[...new Set(names.map((row) => row.name))].slice(0, room));
  }
  return suggestions;
}

/** The discovery labels with the number of approved stalls carrying each (Popular Categories). */
export async function discoveryCategories(db: Db): Promise<(TagCount & { value: string })[]> {
  const rows = await db
    .select({ tag: stallDiscoveryTags.tag, n: count() })
    .from(stallDiscoveryTags)
    .innerJoin(stalls, eq(stalls.id, stallDiscoveryTags.stallId))
    .where(approved)
    .groupBy(stallDiscoveryTags.tag);
  const counts = new Map(rows.map((row) => [row.tag, row.n]));
  return DISCOVERY_TAGS.map((tag) => ({
    value: tag.value,
    name: tag.label,
    count: counts.get(tag.value) ?? 0,
    trending: TRENDING_TAG_SET.has(tag.value),
  })).sort((a, b) => b.count - a.count);
}

/** Tags of approved stalls with their counts, most used first, plus the menu words that shops serve. */
export async function tagCounts(db: Db): Promise<TagCount[]> {
  const tagRows = await db
    .select({ name: stallTags.tag, n: count() })
    .from(stallTags)
    .innerJoin(stalls, eq(stalls.id, stallTags.stallId))
    .where(approved)
    .groupBy(stallTags.tag)
    .orderBy(desc(count()), stallTags.tag);
  const [first, ...rest] = MENU_WORDS.map((word) => menuShopCount(db, word));
  const menuCounts = first ? await db.batch([first, ...rest]) : [];
  const tags: TagCount[] = tagRows.map((row) => ({
    name: row.name,
    count: row.n,
    trending: TRENDING_TAG_SET.has(row.name),
  }));
  const known = new Set(tags.map((t) => t.name.toLowerCase()));
  MENU_WORDS.forEach((word, index) => {
    const shops = menuCounts[index]?.[0]?.n ?? 0;
    if (shops > 0 && !known.has(word)) {
      tags.push({ name: word, count: shops, trending: shops > MENU_TAG_TRENDING_SHOPS });
    }
  });
  return tags.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** How many approved stalls have the word in their menu (the FTS column filter keeps it to menu text). */
function menuShopCount(db: Db, word: (typeof MENU_WORDS)[number]) {
  return db
    .select({ n: count() })
    .from(sql`stalls_fts`)
    .where(sql`stalls_fts MATCH ${`menu : "${word}"`}`);
}
